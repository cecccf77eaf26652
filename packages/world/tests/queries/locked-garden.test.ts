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

// Every expected payload is urd.md §13, "Exact expected results for locked-garden".
const world = compileFixture("locked-garden.urd.md");

describe("the Locked Garden, exactly as urd.md §13", () => {
  it("gives the world overview with both warnings counted", () => {
    expect(getWorldMetadata(world)).toEqual({
      schema_version: "1",
      world_name: "the-locked-garden",
      start_location: "gatehouse",
      entity_count: 5,
      location_count: 2,
      type_count: 3,
      section_count: 3,
      exit_count: 2,
      rule_count: 0,
      has_errors: false,
      diagnostic_count: 2,
    });
  });

  it("gives both locations and both exits, the garden exit guarded once", () => {
    expect(getExitGraph(world)).toEqual({
      schema_version: "1",
      nodes: ["gatehouse", "the-walled-garden"],
      edges: [
        {
          from: "gatehouse",
          to: "the-walled-garden",
          exit_name: "garden",
          is_conditional: true,
          guard_count: 1,
        },
        {
          from: "the-walled-garden",
          to: "gatehouse",
          exit_name: "north",
          is_conditional: false,
          guard_count: 0,
        },
      ],
    });
  });

  it("lists sections sorted and choices in FactSet post-order", () => {
    const choice = (
      section: string,
      suffix: string,
      label: string,
      sticky: boolean,
      conditions: number,
      effects: number,
    ) => ({
      section: `locked-garden/${section}`,
      choice_id: `locked-garden/${section}/${suffix}`,
      label,
      sticky,
      condition_count: conditions,
      effect_count: effects,
    });
    expect(getDialogueGraph(world)).toEqual({
      schema_version: "1",
      sections: ["locked-garden/explore", "locked-garden/greet", "locked-garden/revelation"],
      jumps: [
        {
          from_section: "locked-garden/greet",
          to_section: "locked-garden/greet",
          type: "section",
        },
        {
          from_section: "locked-garden/explore",
          to_section: "locked-garden/revelation",
          type: "section",
        },
      ],
      choices: [
        choice("greet", "state-your-purpose", "State your purpose", true, 0, 1),
        choice("greet", "offer-the-journal", "Offer the journal", false, 0, 2),
        choice("greet", "ask-about-the-garden", "Ask about the garden", false, 1, 1),
        choice("greet", "force-the-gate", "Force the gate", false, 1, 1),
        choice("explore", "press-for-the-truth", "Press for the truth", false, 1, 0),
        choice("explore", "listen-to-the-ghost", "Listen to the ghost", false, 0, 1),
        choice("explore", "take-the-journal", "Take the journal", false, 0, 0),
        choice("explore", "leave-quietly", "Leave quietly", false, 0, 0),
      ],
    });
  });

  it("describes the warden with his overrides, the hidden role included", () => {
    const warden = {
      schema_version: "1",
      entity_id: "@warden",
      type: "Character",
      container: "gatehouse",
      properties: [
        {
          name: "mood",
          type: "enum",
          default: "neutral",
          values: ["wary", "neutral", "friendly"],
        },
        { name: "trust", type: "integer", default: 0 },
        { name: "role", type: "string", default: "Gatekeeper", visibility: "hidden" },
      ],
    };
    expect(getEntityDetails(world, "@warden")).toEqual(warden);
    expect(getEntityDetails(world, "warden")).toEqual(warden);
  });

  it("gives the garden gate no container and its type default", () => {
    expect(getEntityDetails(world, "@garden_gate")).toEqual({
      schema_version: "1",
      entity_id: "@garden_gate",
      type: "Lock",
      container: "",
      properties: [{ name: "locked", type: "boolean", default: true }],
    });
  });

  it("answers an unknown entity with the seed's error object, echoing the id", () => {
    expect(getEntityDetails(world, "@nobody")).toEqual({
      schema_version: "1",
      error: "Entity not found",
      entity_id: "@nobody",
    });
  });

  it("counts the ghost's trust under Character.trust", () => {
    expect(getPropertyDependencies(world, { entity_type: "Character", property: "trust" })).toEqual(
      {
        schema_version: "1",
        property_key: "Character.trust",
        read_count: 2,
        write_count: 4,
        read_only: false,
        write_only: false,
        reads: [
          { site: "choice:locked-garden/greet/ask-about-the-garden", comparison: "trust >= 3" },
          { site: "choice:locked-garden/explore/press-for-the-truth", comparison: "trust >= 5" },
        ],
        writes: [
          { site: "choice:locked-garden/greet/state-your-purpose", operation: "trust += 1" },
          { site: "choice:locked-garden/greet/offer-the-journal", operation: "trust += 5" },
          { site: "choice:locked-garden/greet/force-the-gate", operation: "trust -= 2" },
          { site: "choice:locked-garden/explore/listen-to-the-ghost", operation: "trust += 2" },
        ],
      },
    );
  });

  it("shows the lock read by the exit guard and written by a choice", () => {
    expect(getPropertyDependencies(world, { entity_type: "Lock", property: "locked" })).toEqual({
      schema_version: "1",
      property_key: "Lock.locked",
      read_count: 1,
      write_count: 1,
      read_only: false,
      write_only: false,
      reads: [{ site: "exit:gatehouse/garden", comparison: "locked == false" }],
      writes: [
        { site: "choice:locked-garden/greet/ask-about-the-garden", operation: "locked = false" },
      ],
    });
  });

  it("reports a declared but unused property as not found", () => {
    expect(getPropertyDependencies(world, { entity_type: "Character", property: "role" })).toEqual({
      schema_version: "1",
      error: "Property not found",
      property_key: "Character.role",
    });
  });

  it("reaches the garden from the gatehouse, ignoring the lock", () => {
    expect(getReachableLocations(world, "gatehouse")).toEqual({
      schema_version: "1",
      from: "gatehouse",
      reachable: ["gatehouse", "the-walled-garden"],
      unreachable: [],
      path_count: 2,
      paths: { "the-walled-garden": ["gatehouse", "the-walled-garden"] },
    });
  });

  it("answers an unknown starting location with the seed's error object", () => {
    expect(getReachableLocations(world, "nowhere")).toEqual({
      schema_version: "1",
      error: "Location not found",
      location: "nowhere",
    });
  });

  it("gives the greeting's four choices with their conditions and effects", () => {
    const choice = (
      suffix: string,
      label: string,
      sticky: boolean,
      conditions: { property: string; comparison: string }[],
      effects: { property: string; operation: string }[],
    ) => ({ choice_id: `locked-garden/greet/${suffix}`, label, sticky, conditions, effects });
    expect(getChoiceConditions(world, "locked-garden/greet")).toEqual({
      schema_version: "1",
      section: "locked-garden/greet",
      choices: [
        choice(
          "state-your-purpose",
          "State your purpose",
          true,
          [],
          [{ property: "Character.trust", operation: "+= 1" }],
        ),
        choice(
          "offer-the-journal",
          "Offer the journal",
          false,
          [],
          [
            { property: "Character.trust", operation: "+= 5" },
            { property: "Character.mood", operation: "= friendly" },
          ],
        ),
        choice(
          "ask-about-the-garden",
          "Ask about the garden",
          false,
          [{ property: "Character.trust", comparison: ">= 3" }],
          [{ property: "Lock.locked", operation: "= false" }],
        ),
        choice(
          "force-the-gate",
          "Force the gate",
          false,
          [{ property: "Character.mood", comparison: "!= friendly" }],
          [{ property: "Character.trust", operation: "-= 2" }],
        ),
      ],
    });
  });

  it("gives the exploration's choices with the nested one first", () => {
    const choice = (
      suffix: string,
      label: string,
      conditions: { property: string; comparison: string }[],
      effects: { property: string; operation: string }[],
    ) => ({
      choice_id: `locked-garden/explore/${suffix}`,
      label,
      sticky: false,
      conditions,
      effects,
    });
    expect(getChoiceConditions(world, "locked-garden/explore")).toEqual({
      schema_version: "1",
      section: "locked-garden/explore",
      choices: [
        choice(
          "press-for-the-truth",
          "Press for the truth",
          [{ property: "Character.trust", comparison: ">= 5" }],
          [],
        ),
        choice(
          "listen-to-the-ghost",
          "Listen to the ghost",
          [],
          [{ property: "Character.trust", operation: "+= 2" }],
        ),
        choice("take-the-journal", "Take the journal", [], []),
        choice("leave-quietly", "Leave quietly", [], []),
      ],
    });
  });

  it("gives a section without choices an empty list", () => {
    expect(getChoiceConditions(world, "locked-garden/revelation")).toEqual({
      schema_version: "1",
      section: "locked-garden/revelation",
      choices: [],
    });
  });

  it("answers an unknown section with the seed's error object", () => {
    expect(getChoiceConditions(world, "locked-garden/nothing")).toEqual({
      schema_version: "1",
      error: "Section not found",
      section: "locked-garden/nothing",
    });
  });

  it("reports both warnings with their exact spans", () => {
    expect(getDiagnostics(world)).toEqual({
      schema_version: "1",
      total: 2,
      errors: 0,
      warnings: 2,
      info: 0,
      diagnostics: [
        {
          severity: "warning",
          code: "URD603",
          message:
            "Effect sets 'Character.mood' to 'friendly' but no condition anywhere tests for this variant. The write may have no observable effect.",
          file: "locked-garden.urd.md",
          start_line: 48,
          start_col: 3,
          end_line: 48,
          end_col: 28,
        },
        {
          severity: "warning",
          code: "URD433",
          message:
            "Section 'explore' in file 'locked-garden.urd.md' has only one-shot choices and no terminal jump or fallthrough text. It will exhaust to an empty state.",
          file: "locked-garden.urd.md",
          start_line: 68,
          start_col: 1,
          end_line: 68,
          end_col: 11,
        },
      ],
    });
  });

  it("reports no errors when filtered to errors", () => {
    expect(getDiagnostics(world, { severity: "error" })).toEqual({
      schema_version: "1",
      total: 0,
      errors: 0,
      warnings: 0,
      info: 0,
      diagnostics: [],
    });
  });
});
