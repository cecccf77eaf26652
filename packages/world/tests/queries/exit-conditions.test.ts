import { describe, expect, it } from "vitest";
import { loadWorldFile } from "../../src/index.js";
import { conditionChildren, lowerCondition } from "../../src/queries/exit-conditions.js";
import { allFixtures, fixturePath } from "../helpers/fixtures.js";

describe("conditionChildren", () => {
  it("takes the deeper ? lines under an exit, past blocked messages and blank lines", () => {
    const lines = [
      "-> north: Keep",
      "  ? @gate.locked == false",
      "",
      "  ! Barred.",
      "  ? @sentry.mood != angry",
      "-> east: Armoury",
      "  ? @key in player",
    ];
    expect(conditionChildren(lines, 1)).toEqual(["@gate.locked == false", "@sentry.mood != angry"]);
  });

  it("stops at a line that is not deeper or not a condition or message", () => {
    expect(conditionChildren(["  -> in: Hall", "  ? @a.b == 1", "    ? @c.d == 2"], 1)).toEqual([]);
    expect(conditionChildren(["-> in: Hall", "  prose", "  ? @c.d == 2"], 1)).toEqual([]);
  });
});

describe("lowerCondition", () => {
  it("lowers comparisons with the first operator in the compiler's order", () => {
    expect(lowerCondition("@warden.trust >= 3")).toBe("warden.trust >= 3");
    expect(lowerCondition('@elder.secret == "a != b"')).toBe('elder.secret == "a != b"');
    expect(lowerCondition("@a.b<=2")).toBe("a.b <= 2");
  });

  it("lowers containment checks with the container the compiled world uses", () => {
    expect(lowerCondition("@journal in player")).toBe("journal.container == player");
    expect(lowerCondition("@key not in here")).toBe("key.container != player.container");
    expect(lowerCondition("@coin in @chest")).toBe("coin.container == chest");
  });

  it("does not lower exhaustion checks or text that is not a condition", () => {
    expect(lowerCondition("topics.exhausted")).toBeUndefined();
    expect(lowerCondition("@a. == 1")).toBeUndefined();
    expect(lowerCondition("player.hp > 1")).toBeUndefined();
  });
});

describe("every fixture's guarded exits", () => {
  it("lower their last guard to exactly the condition the compiler recorded", () => {
    let compared = 0;
    for (const fixture of allFixtures()) {
      const loaded = loadWorldFile(fixturePath(fixture));
      const { world, facts } = loaded.compiled;
      if (world === null || facts === null) continue;
      for (const edge of facts.exits.filter((exit) => exit.is_conditional)) {
        const lines = loaded.lines.get(edge.span.file) ?? [];
        const last = conditionChildren(lines, edge.span.start_line).at(-1);
        const lowered = last === undefined ? undefined : lowerCondition(last);
        if (lowered === undefined) continue;
        const recorded = world.locations?.[edge.from_location]?.exits?.[edge.exit_name]?.condition;
        expect(lowered, `${fixture} ${edge.from_location}/${edge.exit_name}`).toBe(recorded);
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });
});
