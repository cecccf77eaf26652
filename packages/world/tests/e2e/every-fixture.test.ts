import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CompiledWorld,
  getChoiceConditions,
  getDiagnostics,
  getDialogueGraph,
  getEntityDetails,
  getExitGraph,
  getPropertyDependencies,
  getReachableLocations,
  getWorldMetadata,
} from "../../src/index.js";
import { allFixtures, compileFixture, fixturePath } from "../helpers/fixtures.js";
import { type Connection, callTool, connectInMemory } from "../helpers/harness.js";

/** Every entity, section, location and property key of a fixture, and a miss of each kind. */
function representativeCalls(
  compiled: CompiledWorld,
): [string, Record<string, unknown>, unknown][] {
  const world = compiled.world;
  const calls: [string, Record<string, unknown>, unknown][] = [
    ["get_world_metadata", {}, getWorldMetadata(compiled)],
    ["get_exit_graph", {}, getExitGraph(compiled)],
    ["get_dialogue_graph", {}, getDialogueGraph(compiled)],
    ["get_diagnostics", {}, getDiagnostics(compiled)],
  ];
  for (const severity of ["error", "warning", "info"] as const) {
    calls.push(["get_diagnostics", { severity }, getDiagnostics(compiled, { severity })]);
  }
  const files = new Set(compiled.diagnostics.map((diagnostic) => diagnostic.span.file));
  for (const file of [...files, "no-such-file.urd.md"]) {
    calls.push(["get_diagnostics", { file }, getDiagnostics(compiled, { file })]);
  }
  for (const id of [...Object.keys(world?.entities ?? {}), "nobody"]) {
    for (const entityId of [id, `@${id}`]) {
      calls.push([
        "get_entity_details",
        { entity_id: entityId },
        getEntityDetails(compiled, entityId),
      ]);
    }
  }
  const keys = new Map<string, { entity_type: string; property: string }>();
  for (const entry of compiled.propertyIndex?.properties ?? [])
    keys.set(`${entry.entity_type}.${entry.property}`, {
      entity_type: entry.entity_type,
      property: entry.property,
    });
  for (const [typeName, type] of Object.entries(world?.types ?? {})) {
    for (const property of Object.keys(type.properties ?? {}))
      keys.set(`${typeName}.${property}`, { entity_type: typeName, property });
  }
  keys.set("Nobody.nothing", { entity_type: "Nobody", property: "nothing" });
  for (const key of keys.values()) {
    calls.push(["get_property_dependencies", key, getPropertyDependencies(compiled, key)]);
  }
  for (const from of [...Object.keys(world?.locations ?? {}), "nowhere"]) {
    calls.push(["get_reachable_locations", { from }, getReachableLocations(compiled, from)]);
  }
  const sections = new Set([
    ...Object.keys(world?.dialogue ?? {}),
    ...(compiled.facts?.choices ?? []).map((choice) => choice.section),
    "no-such/section",
  ]);
  for (const section of sections) {
    calls.push(["get_choice_conditions", { section }, getChoiceConditions(compiled, section)]);
  }
  return calls;
}

describe.each(allFixtures())("%s through an MCP client", (fixture) => {
  const compiled = compileFixture(fixture);
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory({ worldPath: fixturePath(fixture) });
  });
  afterAll(() => connection.close());

  it("answers every tool for every entity, section, location and key as the queries do, errors flagged", async () => {
    for (const [tool, args, expected] of representativeCalls(compiled)) {
      const answer = await callTool(connection.client, tool, args);
      expect(answer.payload, `${tool} ${JSON.stringify(args)}`).toEqual(expected);
      // Byte for byte, key order included: every fixture's answers fit whole, without a page.
      expect(JSON.stringify(answer.payload)).toBe(JSON.stringify(expected));
      expect(answer.payload.schema_version).toBe("1");
      expect(answer.isError, `${tool} ${JSON.stringify(args)}`).toBe("error" in answer.payload);
    }
  });
});
