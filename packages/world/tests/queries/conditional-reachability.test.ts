import { describe, expect, it } from "vitest";
import { compileWorldText, getReachableLocations } from "../../src/index.js";
import { compileFixture } from "../helpers/fixtures.js";

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
});
