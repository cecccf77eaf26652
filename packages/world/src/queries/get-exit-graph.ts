import type { ExitEdge } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";
import { sortedKeys } from "./sorted-ids.js";

/** One exit between two locations. */
export interface ExitGraphEdge {
  from: string;
  to: string;
  exit_name: string;
  is_conditional: boolean;
  guard_count: number;
}

/** `get_exit_graph`'s payload (docs/world.md §4.2). */
export interface ExitGraph extends Versioned {
  nodes: string[];
  edges: ExitGraphEdge[];
}

/**
 * An exit as the exit graph shows it.
 *
 * @param exit - a FactSet exit
 * @returns the edge
 */
export function exitGraphEdge(exit: ExitEdge): ExitGraphEdge {
  return {
    from: exit.from_location,
    to: exit.to_location,
    exit_name: exit.exit_name,
    is_conditional: exit.is_conditional,
    guard_count: exit.guard_reads.length,
  };
}

/**
 * The location graph: every location of the world JSON (sorted, isolated ones included) and
 * every resolved exit in FactSet order.
 *
 * @param compiled - one compilation's data
 * @returns the payload
 */
export function getExitGraph(compiled: CompiledWorld): ExitGraph {
  return {
    schema_version: SCHEMA_VERSION,
    nodes: sortedKeys(compiled.world?.locations),
    edges: (compiled.facts?.exits ?? []).map(exitGraphEdge),
  };
}
