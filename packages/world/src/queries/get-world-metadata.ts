import type { JsonValue } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";

/** `get_world_metadata`'s payload (docs/world.md §4.1). */
export interface WorldMetadata extends Versioned {
  world_name: string;
  start_location: string;
  world_version?: JsonValue;
  entity_count: number;
  location_count: number;
  type_count: number;
  section_count: number;
  exit_count: number;
  rule_count: number;
  has_errors: boolean;
  diagnostic_count: number;
}

function keyCount(block: Readonly<Record<string, unknown>> | undefined): number {
  return block === undefined ? 0 : Object.keys(block).length;
}

/**
 * Overview of a world: name, start, optional version, and counts of its parts. Names fall back
 * to `"unknown"` and counts to 0 when the world JSON or the FactSet is missing.
 *
 * @param compiled - one compilation's data
 * @returns the payload
 */
export function getWorldMetadata(compiled: CompiledWorld): WorldMetadata {
  const { world, facts, diagnostics } = compiled;
  const name = world?.world.name;
  const version = world?.world.version;
  return {
    schema_version: SCHEMA_VERSION,
    world_name: typeof name === "string" ? name : "unknown",
    start_location: world?.world.start ?? "unknown",
    ...(version === undefined ? {} : { world_version: version }),
    entity_count: keyCount(world?.entities),
    location_count: keyCount(world?.locations),
    type_count: keyCount(world?.types),
    section_count: keyCount(world?.dialogue),
    exit_count: facts?.exits.length ?? 0,
    rule_count: facts?.rules.length ?? 0,
    has_errors: diagnostics.some((diagnostic) => diagnostic.severity === "error"),
    diagnostic_count: diagnostics.length,
  };
}
