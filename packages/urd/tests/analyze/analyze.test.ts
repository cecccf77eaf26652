import { describe, expect, it } from "vitest";
import { compileFixture, compileText, lines } from "../helpers/fixtures.js";

const world = (...content: string[]) =>
  compileText(
    lines(
      "---",
      "types:",
      "  NPC:",
      "    level: integer = 0",
      "    mood: enum(calm, angry) = calm",
      "entities:",
      "  @npc: NPC",
      "---",
      "# Room",
      "== talk",
      ...content,
    ),
  );

describe("FactSet analysis URD601-URD605", () => {
  it("fires every analysis of positive-factset-diagnostics with its message", () => {
    const messages = compileFixture("positive-factset-diagnostics.urd.md").diagnostics.map(
      (d) => `${d.code} ${d.message}`,
    );
    expect(messages).toEqual([
      "URD603 Effect sets 'NPC.mood' to 'friendly' but no condition anywhere tests for this variant. The write may have no observable effect.",
      "URD602 Property 'NPC.loyalty' is written by effects but never read in any condition. The writes have no observable effect on game logic.",
      "URD601 Property 'NPC.suspicion' is read in conditions but never written by any effect. It will always reflect its default or initial value.",
      "URD604 Condition compares 'NPC.suspicion' against 3 but no effect can produce a value that satisfies '>= 3'. The condition may never be true.",
      "URD604 Condition compares 'NPC.power' against 100 but no effect can produce a value that satisfies '>= 100'. The condition may never be true.",
      "URD605 Property 'NPC.rank' may be stuck in a circular dependency. Every effect that writes this property is guarded by a condition that reads it. Without an unguarded write path or a satisfying initial value, the property can never change.",
    ]);
  });

  it("fires nothing for negative-factset-diagnostics", () => {
    expect(compileFixture("negative-factset-diagnostics.urd.md").diagnostics).toEqual([]);
  });

  it("does not fire URD604 when an = write satisfies the comparison", () => {
    const result = world("+ Rise", "  > @npc.level = 7", "* Test", "  ? @npc.level > 5", "Done.");
    expect(result.diagnostics.map((d) => d.code)).toEqual([]);
  });

  it("fires URD604 when no = write satisfies the comparison", () => {
    const result = world("+ Rise", "  > @npc.level = 5", "* Test", "  ? @npc.level > 5", "Done.");
    expect(result.diagnostics.map((d) => [d.code, d.span.start_line])).toEqual([["URD604", 14]]);
  });

  it("does not fire URD603 when some == read tests the written variant", () => {
    const result = world(
      "+ Anger",
      "  > @npc.mood = angry",
      "* Calm",
      "  ? @npc.mood == angry",
      "Done.",
    );
    expect(result.diagnostics).toEqual([]);
  });

  it("does not fire URD603 for a write whose key is never read", () => {
    const result = world("+ Anger", "  > @npc.mood = angry", "Done.");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["URD602"]);
  });

  it("fires URD605 once, at the first write, when every write is guarded by its own key", () => {
    const result = compileFixture("positive-factset-circular-deep.urd.md");
    const circular = result.diagnostics.filter((d) => d.code === "URD605");
    expect(circular.map((d) => [d.span.start_line, d.span.start_col])).toEqual([[22, 3]]);
  });

  it("treats a write as unguarded when its choice reads only other keys", () => {
    const result = world(
      "+ Rise",
      "  ? @npc.mood == calm",
      "  > @npc.level + 1",
      "* Test",
      "  ? @npc.level >= 2",
      "Done.",
    );
    expect(result.diagnostics.map((d) => d.code)).toEqual(["URD601"]);
  });
});
