import { describe, expect, it } from "vitest";
import {
  type CompiledWorld,
  type DiagnosticsFilter,
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
import { LOCKED_GARDEN_SPEC } from "../helpers/locked-garden-spec.js";

type Arguments = Record<string, unknown>;

/** Each tool's pure query, called with the tool's own arguments. */
const QUERIES: Record<string, (world: CompiledWorld, args: Arguments) => unknown> = {
  get_world_metadata: (world) => getWorldMetadata(world),
  get_exit_graph: (world) => getExitGraph(world),
  get_dialogue_graph: (world) => getDialogueGraph(world),
  get_entity_details: (world, args) => getEntityDetails(world, String(args.entity_id)),
  get_property_dependencies: (world, args) =>
    getPropertyDependencies(world, {
      entity_type: String(args.entity_type),
      property: String(args.property),
    }),
  get_reachable_locations: (world, args) => getReachableLocations(world, String(args.from)),
  get_choice_conditions: (world, args) => getChoiceConditions(world, String(args.section)),
  get_diagnostics: (world, args) => getDiagnostics(world, args as DiagnosticsFilter),
};

// The same Appendix A payloads (docs/world.md) the e2e test checks through MCP, here against the
// pure queries.
const world = compileFixture("locked-garden.urd.md");

describe("the Locked Garden's pure queries, exactly as docs/world.md, Appendix A", () => {
  it("covers every tool", () => {
    const tools = new Set(LOCKED_GARDEN_SPEC.map((entry) => entry.tool));
    expect([...tools].sort()).toEqual(Object.keys(QUERIES).sort());
  });

  for (const entry of LOCKED_GARDEN_SPEC) {
    it(`${entry.tool} ${JSON.stringify(entry.args)}`, () => {
      const query = QUERIES[entry.tool];
      if (!query) throw new Error(`no query for ${entry.tool}`);
      expect(query(world, entry.args)).toEqual(entry.payload);
    });
  }
});
