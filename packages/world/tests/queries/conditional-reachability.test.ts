import { describe, expect, it } from "vitest";
import { compileWorldText, getReachableLocations, loadWorldFile } from "../../src/index.js";
import { compileFixture, fixturePath } from "../helpers/fixtures.js";

describe("get_reachable_locations with respect_conditions", () => {
  const garden = compileFixture("locked-garden.urd.md");

  it("stops at the garden gate while it is locked by default", () => {
    expect(getReachableLocations(garden, "gatehouse", { respectConditions: true })).toEqual({
      schema_version: "1",
      from: "gatehouse",
      reachable: ["gatehouse"],
      unreachable: ["the-walled-garden"],
      path_count: 1,
      paths: {},
      respect_conditions: true,
      blocked_exits: [
        { from: "gatehouse", exit_name: "garden", condition: "garden_gate.locked == false" },
      ],
      unevaluated_exits: [],
    });
  });

  it("passes the gate once the state unlocks it", () => {
    const answer = getReachableLocations(garden, "gatehouse", {
      respectConditions: true,
      state: { "@garden_gate.locked": false },
    });
    expect(answer).toMatchObject({
      reachable: ["gatehouse", "the-walled-garden"],
      paths: { "the-walled-garden": ["gatehouse", "the-walled-garden"] },
      blocked_exits: [],
    });
  });

  it("ignores state and adds nothing when conditions are not respected", () => {
    const answer = getReachableLocations(garden, "gatehouse", {
      state: { "@garden_gate.locked": true },
    });
    expect(answer).toEqual(getReachableLocations(garden, "gatehouse"));
    expect(answer).not.toHaveProperty("respect_conditions");
  });

  it("follows a containment guard it cannot judge and lists it as unevaluated", () => {
    const source = [
      "---",
      "world:",
      "  name: vault",
      "  start: hall",
      "types:",
      "  Key [portable]:",
      "    used: bool = false",
      "entities:",
      "  @key: Key",
      "---",
      "# Hall",
      "",
      "A hall.",
      "",
      "[@key]",
      "",
      "-> down: Vault",
      "  ? @key in player",
      "",
      "# Vault",
      "",
      "A vault.",
      "",
    ].join("\n");
    const vault = compileWorldText("vault.urd.md", source).compiled;
    expect(getReachableLocations(vault, "hall", { respectConditions: true })).toEqual({
      schema_version: "1",
      from: "hall",
      reachable: ["hall", "vault"],
      unreachable: [],
      path_count: 2,
      paths: { vault: ["hall", "vault"] },
      respect_conditions: true,
      blocked_exits: [],
      unevaluated_exits: [
        { from: "hall", exit_name: "down", condition: "key.container == player" },
      ],
    });
  });

  describe("on exits with two guards each (authored-multi-guard-exits)", () => {
    // courtyard -> north: gate.locked == false, then sentry.mood != angry
    // courtyard -> east:  key in player, then sentry.trust >= 2
    // courtyard -> west:  sentry.trust >= 1, then key not in here
    // The sentry starts with trust 1 and mood calm; the gate is locked by its type default.
    const keep = loadWorldFile(fixturePath("authored-multi-guard-exits.urd.md"));
    const reach = (state: Record<string, string | number | boolean>) =>
      getReachableLocations(keep.compiled, "courtyard", {
        respectConditions: true,
        state,
        sources: keep.lines,
      });

    it("blocks an exit on its first guard even though its last guard holds", () => {
      expect(reach({})).toEqual({
        schema_version: "1",
        from: "courtyard",
        reachable: ["chapel", "courtyard"],
        unreachable: ["armoury", "keep"],
        path_count: 2,
        paths: { chapel: ["courtyard", "chapel"] },
        respect_conditions: true,
        blocked_exits: [
          { from: "courtyard", exit_name: "east", condition: "sentry.trust >= 2" },
          { from: "courtyard", exit_name: "north", condition: "gate.locked == false" },
        ],
        unevaluated_exits: [
          { from: "courtyard", exit_name: "west", condition: "key.container != player.container" },
        ],
      });
    });

    it("opens an exit only when every guard holds", () => {
      const open = reach({ "@gate.locked": false });
      expect(open).toMatchObject({ reachable: ["chapel", "courtyard", "keep"] });
      const watched = reach({ "@gate.locked": false, "sentry.mood": "angry" });
      expect(watched).toMatchObject({
        reachable: ["chapel", "courtyard"],
        blocked_exits: [
          { from: "courtyard", exit_name: "east", condition: "sentry.trust >= 2" },
          { from: "courtyard", exit_name: "north", condition: "sentry.mood != angry" },
        ],
      });
    });

    it("follows an exit whose judged guards hold but lists the containment guard it cannot judge", () => {
      expect(reach({ "@sentry.trust": 2 })).toMatchObject({
        reachable: ["armoury", "chapel", "courtyard"],
        blocked_exits: [
          { from: "courtyard", exit_name: "north", condition: "gate.locked == false" },
        ],
        unevaluated_exits: [
          { from: "courtyard", exit_name: "east", condition: "key.container == player" },
          { from: "courtyard", exit_name: "west", condition: "key.container != player.container" },
        ],
      });
    });

    it("blocks on a false guard after one it cannot judge", () => {
      expect(reach({ "@sentry.trust": 0 })).toMatchObject({
        reachable: ["courtyard"],
        blocked_exits: [
          { from: "courtyard", exit_name: "east", condition: "sentry.trust >= 2" },
          { from: "courtyard", exit_name: "north", condition: "gate.locked == false" },
          { from: "courtyard", exit_name: "west", condition: "sentry.trust >= 1" },
        ],
        unevaluated_exits: [],
      });
    });

    it("knows only the compiled world's last guard when given no source lines", () => {
      const answer = getReachableLocations(keep.compiled, "courtyard", { respectConditions: true });
      expect(answer).toMatchObject({
        reachable: ["chapel", "courtyard", "keep"],
        blocked_exits: [{ from: "courtyard", exit_name: "east", condition: "sentry.trust >= 2" }],
      });
    });
  });
});
