import { describe, expect, it } from "vitest";
import {
  getChoiceConditions,
  getDiagnostics,
  getDialogueGraph,
  getEntityDetails,
  getExitGraph,
  getPropertyDependencies,
  getReachableLocations,
  getWorldMetadata,
} from "../../src/index.js";
import { compileFixture } from "../helpers/fixtures.js";

// Expectations reasoned from the fixture texts, the FactSet (docs/urd.md) and docs/world.md §4.

describe("two-room-key-puzzle", () => {
  const world = compileFixture("two-room-key-puzzle.urd.md");

  it("has one guarded exit from the cell to the corridor", () => {
    expect(getExitGraph(world)).toEqual({
      schema_version: "1",
      nodes: ["cell", "corridor"],
      edges: [
        { from: "cell", to: "corridor", exit_name: "north", is_conditional: true, guard_count: 1 },
      ],
    });
  });

  it("cannot go back from the corridor, which has no exits", () => {
    expect(getReachableLocations(world, "corridor")).toEqual({
      schema_version: "1",
      from: "corridor",
      reachable: ["corridor"],
      unreachable: ["cell"],
      path_count: 1,
      paths: {},
    });
  });

  it("counts the door's unlock but not the containment check or the destroy", () => {
    expect(getChoiceConditions(world, "two-room-key-puzzle/actions")).toEqual({
      schema_version: "1",
      section: "two-room-key-puzzle/actions",
      choices: [
        {
          choice_id: "two-room-key-puzzle/actions/use-key",
          label: "Use key",
          sticky: false,
          conditions: [],
          effects: [{ property: "Door.locked", operation: "= false" }],
        },
      ],
    });
  });

  it("places the key in the cell with its name override", () => {
    expect(getEntityDetails(world, "rusty_key")).toEqual({
      schema_version: "1",
      entity_id: "@rusty_key",
      type: "Key",
      container: "cell",
      properties: [{ name: "name", type: "string", default: "Rusty Key" }],
    });
  });

  it("reads the door's lock at the exit and writes it in the choice", () => {
    expect(getPropertyDependencies(world, { entity_type: "Door", property: "locked" })).toEqual({
      schema_version: "1",
      property_key: "Door.locked",
      read_count: 1,
      write_count: 1,
      read_only: false,
      write_only: false,
      reads: [{ site: "exit:cell/north", comparison: "locked == false" }],
      writes: [{ site: "choice:two-room-key-puzzle/actions/use-key", operation: "locked = false" }],
    });
  });

  it("matches type and property names case-sensitively", () => {
    expect(getPropertyDependencies(world, { entity_type: "door", property: "locked" })).toEqual({
      schema_version: "1",
      error: "Property not found",
      property_key: "door.locked",
    });
  });
});

describe("authored-dialogue-features", () => {
  const world = compileFixture("authored-dialogue-features.urd.md");
  const section = (name: string) => `authored-dialogue-features/${name}`;

  it("sends the world's version and counts the rule", () => {
    expect(getWorldMetadata(world)).toEqual({
      schema_version: "1",
      world_name: "dialogue-features",
      start_location: "hall",
      world_version: "2.1",
      entity_count: 3,
      location_count: 3,
      type_count: 3,
      section_count: 2,
      exit_count: 4,
      rule_count: 1,
      has_errors: false,
      diagnostic_count: 1,
    });
  });

  it("gives every jump kind: section, exit by name, exit: prefix and end", () => {
    const jump = (to: string, type: string) => ({
      from_section: section("gatekeeper"),
      to_section: to,
      type,
    });
    expect(getDialogueGraph(world).jumps).toEqual([
      jump(section("gatekeeper"), "section"),
      jump("hall/north", "exit"),
      jump(section("farewell"), "section"),
      jump("hall/cellar", "exit"),
      jump("end", "end"),
    ]);
  });

  it("lists nested choices before their parent and counts each any: member", () => {
    const counts = getDialogueGraph(world).choices.map((choice) => [
      choice.choice_id,
      choice.sticky,
      choice.condition_count,
      choice.effect_count,
    ]);
    expect(counts).toEqual([
      [section("gatekeeper/offer-a-coin"), true, 0, 1],
      [section("gatekeeper/ask-why"), false, 1, 0],
      [section("gatekeeper/thank-him"), false, 0, 0],
      [section("gatekeeper/ask-about-the-gate"), false, 2, 1],
      [section("gatekeeper/threaten"), false, 1, 1],
      [section("gatekeeper/leave"), false, 0, 0],
      [section("farewell/wave"), false, 0, 0],
    ]);
  });

  it("includes rule sites among a property's reads and writes", () => {
    expect(getPropertyDependencies(world, { entity_type: "Guard", property: "mood" })).toEqual({
      schema_version: "1",
      property_key: "Guard.mood",
      read_count: 3,
      write_count: 2,
      read_only: false,
      write_only: false,
      reads: [
        { site: `choice:${section("gatekeeper/ask-about-the-gate")}`, comparison: "mood == calm" },
        { site: `choice:${section("gatekeeper/threaten")}`, comparison: "mood != angry" },
        { site: "rule:guard_calms", comparison: "mood == angry" },
      ],
      writes: [
        { site: `choice:${section("gatekeeper/threaten")}`, operation: "mood = angry" },
        { site: "rule:guard_calms", operation: "mood = calm" },
      ],
    });
  });

  it("finds two-step shortest paths through the hall", () => {
    expect(getReachableLocations(world, "courtyard")).toEqual({
      schema_version: "1",
      from: "courtyard",
      reachable: ["cellar", "courtyard", "hall"],
      unreachable: [],
      path_count: 3,
      paths: { cellar: ["courtyard", "hall", "cellar"], hall: ["courtyard", "hall"] },
    });
  });
});

describe("interrogation, a world split over two files", () => {
  const world = compileFixture("interrogation/main.urd.md");

  it("reads types and entities from the imported file", () => {
    expect(getEntityDetails(world, "@suspect")).toEqual({
      schema_version: "1",
      entity_id: "@suspect",
      type: "Person",
      container: "interrogation-room",
      properties: [
        {
          name: "mood",
          type: "enum",
          default: "neutral",
          values: ["hostile", "neutral", "friendly"],
        },
        { name: "trust", type: "integer", default: 0 },
      ],
    });
  });

  it("filters diagnostics by the file that holds them", () => {
    const inMain = getDiagnostics(world, { file: "main.urd.md" });
    expect(
      inMain.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.start_line]),
    ).toEqual([["URD601", 23]]);
    expect(getDiagnostics(world, { file: "world.urd.md" }).total).toBe(0);
  });
});

describe("a world whose import is missing (no FactSet, no world)", () => {
  const world = compileFixture("negative-missing-import.urd.md");

  it("still gives an overview, with unknown names and zero counts", () => {
    expect(getWorldMetadata(world)).toMatchObject({
      world_name: "unknown",
      start_location: "unknown",
      entity_count: 0,
      location_count: 0,
      exit_count: 0,
      has_errors: true,
    });
    expect(getExitGraph(world)).toEqual({ schema_version: "1", nodes: [], edges: [] });
  });

  it("answers the FactSet and world tools with their unavailable errors", () => {
    expect(getPropertyDependencies(world, { entity_type: "A", property: "b" })).toEqual({
      schema_version: "1",
      error: "No FactSet available",
      property_key: "A.b",
    });
    expect(getChoiceConditions(world, "x/y")).toEqual({
      schema_version: "1",
      error: "No FactSet available",
      section: "x/y",
    });
    expect(getEntityDetails(world, "@room")).toEqual({
      schema_version: "1",
      error: "No compiled world available",
      entity_id: "@room",
    });
    expect(getReachableLocations(world, "room")).toEqual({
      schema_version: "1",
      error: "No compiled world available",
      location: "room",
    });
  });

  it("reports the missing import as an error", () => {
    const report = getDiagnostics(world, { severity: "error" });
    expect(report.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["URD201"]);
  });
});

describe("a location without incoming exits", () => {
  it("is unreachable from the start", () => {
    const world = compileFixture("negative-unreachable-location.urd.md");
    expect(getReachableLocations(world, "room-a")).toMatchObject({
      reachable: ["room-a"],
      unreachable: ["room-b"],
      path_count: 1,
    });
    expect(getDiagnostics(world).diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "URD430",
    ]);
  });
});
