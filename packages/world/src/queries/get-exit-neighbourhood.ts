import type { FactSetJson } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { type ExitGraph, exitGraphEdge } from "./get-exit-graph.js";
import { ownEntry } from "./own-entry.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";
import { compareCodePoints } from "./sorted-ids.js";

/** `get_exit_graph`'s error payload for an `around` that is not a location. */
export interface ExitNeighbourhoodError extends Versioned {
  error: "Location not found";
  location: string;
}

/** The locations each location shares an exit with, in either direction, per FactSet. */
const neighboursOfFacts = new WeakMap<FactSetJson, ReadonlyMap<string, readonly string[]>>();

function neighbours(facts: FactSetJson | null): ReadonlyMap<string, readonly string[]> {
  if (facts === null) return new Map();
  let known = neighboursOfFacts.get(facts);
  if (known === undefined) {
    const sets = new Map<string, Set<string>>();
    const link = (a: string, b: string) => {
      const set = sets.get(a) ?? new Set<string>();
      set.add(b);
      sets.set(a, set);
    };
    for (const exit of facts.exits) {
      link(exit.from_location, exit.to_location);
      link(exit.to_location, exit.from_location);
    }
    known = new Map([...sets].map(([location, set]) => [location, [...set]]));
    neighboursOfFacts.set(facts, known);
  }
  return known;
}

/** The locations at most `radius` exits from `around`, following exits either way. */
function within(facts: FactSetJson | null, around: string, radius: number): Set<string> {
  const adjacency = neighbours(facts);
  const found = new Set([around]);
  let frontier = [around];
  for (let step = 0; step < radius && frontier.length > 0; step++) {
    const next: string[] = [];
    for (const location of frontier) {
      for (const neighbour of adjacency.get(location) ?? []) {
        if (found.has(neighbour)) continue;
        found.add(neighbour);
        next.push(neighbour);
      }
    }
    frontier = next;
  }
  return found;
}

/**
 * The part of the exit graph around one location: the locations within `radius` exits of
 * `around` (either direction) and the exits between them, in the whole graph's order
 * (docs/world.md §5.5).
 *
 * @param compiled - one compilation's data
 * @param around - a location id of the world JSON
 * @param radius - how many exits away, 1 or more
 * @returns the neighbourhood as an exit graph, or the not-found error object
 */
export function getExitNeighbourhood(
  compiled: CompiledWorld,
  around: string,
  radius = 1,
): ExitGraph | ExitNeighbourhoodError {
  if (ownEntry(compiled.world?.locations, around) === undefined) {
    return { schema_version: SCHEMA_VERSION, error: "Location not found", location: around };
  }
  const kept = within(compiled.facts, around, radius);
  const exits = compiled.facts?.exits ?? [];
  return {
    schema_version: SCHEMA_VERSION,
    nodes: [...kept]
      .filter((location) => ownEntry(compiled.world?.locations, location) !== undefined)
      .sort(compareCodePoints),
    edges: exits
      .filter((exit) => kept.has(exit.from_location) && kept.has(exit.to_location))
      .map(exitGraphEdge),
  };
}
