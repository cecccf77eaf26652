import type { ExitEdge, FactSetJson } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import type { SourceLines } from "./exit-conditions.js";
import type { WorldState } from "./exit-guard.js";
import { type GuardedExit, judgeExits, listExits } from "./judged-exits.js";
import { ownEntry } from "./own-entry.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";
import { type Adjacency, breadthFirstParents, sortedAdjacency } from "./shortest-paths.js";
import { compareCodePoints, sortedKeys } from "./sorted-ids.js";

/** `get_reachable_locations`'s error payload. */
export interface ReachableLocationsError extends Versioned {
  error: "No compiled world available" | "Location not found";
  location: string;
}

/** Whether to honour exit guards, and under which property values. */
export interface ReachabilityOptions {
  /** When true, exits whose guard is false under `state` are not taken. */
  respectConditions?: boolean | undefined;
  state?: WorldState | undefined;
  /**
   * The lines of the world's files (`LoadedWorld.lines`), where every guard of an exit is read.
   * Without them only the last guard, the one the compiled world records, is known.
   */
  sources?: SourceLines | undefined;
}

/** What a breadth-first search from one location found, before any path is written out. */
export interface ReachabilitySearch {
  from: string;
  /** Each reached location's parent, in the order it was reached; `from` maps to itself. */
  parents: ReadonlyMap<string, string>;
  /** Reached locations, sorted, `from` included. */
  reachable: string[];
  /** The world's other locations, sorted. */
  unreachable: string[];
  /** With conditions respected: the guarded exits met, blocked or not judged. */
  guarded?: { blocked_exits: GuardedExit[]; unevaluated_exits: GuardedExit[] };
}

/** The unguarded exit graph of each FactSet, built once: a snapshot never changes. */
const structuralAdjacency = new WeakMap<FactSetJson, Adjacency>();

function adjacencyOf(exits: readonly ExitEdge[]): Adjacency {
  return sortedAdjacency(exits.map((exit) => [exit.from_location, exit.to_location] as const));
}

function structuralAdjacencyOf(facts: FactSetJson | null): Adjacency {
  if (facts === null) return new Map();
  let adjacency = structuralAdjacency.get(facts);
  if (adjacency === undefined) {
    adjacency = adjacencyOf(facts.exits);
    structuralAdjacency.set(facts, adjacency);
  }
  return adjacency;
}

/**
 * Breadth-first search from `from` over the exits, visiting each location's distinct
 * destinations in sorted order, so that ties between shortest paths break alphabetically. Exit
 * guards are ignored unless `respectConditions` is set; then an exit whose guard is false under
 * `state` is not taken, and the guarded exits the search met are listed.
 *
 * @param compiled - one compilation's data
 * @param from - the starting location id
 * @param options - conditional reachability
 * @returns what the search found, or the error object (docs/world.md §3.3)
 */
export function searchReachable(
  compiled: CompiledWorld,
  from: string,
  options: ReachabilityOptions = {},
): ReachabilitySearch | ReachableLocationsError {
  const world = compiled.world;
  if (world === null) {
    return { schema_version: SCHEMA_VERSION, error: "No compiled world available", location: from };
  }
  if (ownEntry(world.locations, from) === undefined) {
    return { schema_version: SCHEMA_VERSION, error: "Location not found", location: from };
  }
  const respect = options.respectConditions === true;
  const judged = respect
    ? judgeExits(world, compiled.facts, options.state ?? {}, options.sources)
    : [];
  const adjacency = respect
    ? adjacencyOf(judged.filter((exit) => exit.verdict !== "blocked").map((exit) => exit.edge))
    : structuralAdjacencyOf(compiled.facts);
  const parents = breadthFirstParents(adjacency, from);
  const locations = sortedKeys(world.locations);
  const reached = locations.filter((location) => parents.has(location));
  return {
    from,
    parents,
    // Exits lead to locations, so the reached ones are found in the sorted list without sorting.
    reachable:
      reached.length === parents.size ? reached : [...parents.keys()].sort(compareCodePoints),
    unreachable: locations.filter((location) => !parents.has(location)),
    ...(respect
      ? {
          guarded: {
            blocked_exits: listExits(judged, "blocked", parents),
            unevaluated_exits: listExits(judged, "unevaluated", parents),
          },
        }
      : {}),
  };
}
