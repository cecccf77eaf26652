import type { ExitEdge, FactSetJson, WorldJson } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { exitConditions, type SourceLines } from "./exit-conditions.js";
import { evaluateGuard, type GuardVerdict, type WorldState } from "./exit-guard.js";
import { ownEntry } from "./own-entry.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";
import { type Adjacency, breadthFirstParents, pathTo, sortedAdjacency } from "./shortest-paths.js";
import { compareCodePoints, sortedKeys } from "./sorted-ids.js";

/** A guarded exit the search met, with its lowered condition. */
export interface GuardedExit {
  from: string;
  exit_name: string;
  condition: string;
}

/** `get_reachable_locations`'s payload (urd.md §12.8, §12.11). */
export interface ReachableLocations extends Versioned {
  from: string;
  reachable: string[];
  unreachable: string[];
  path_count: number;
  paths: Record<string, string[]>;
  respect_conditions?: true;
  blocked_exits?: GuardedExit[];
  unevaluated_exits?: GuardedExit[];
}

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

interface JudgedExit {
  edge: ExitEdge;
  verdict: GuardVerdict;
  /** The guard that decided: the first false one, else the first that could not be judged. */
  condition: string;
}

interface ExitGuards {
  sources: SourceLines | undefined;
  /** Every guard of each exit, in FactSet order. */
  guards: readonly (readonly string[])[];
}

/** The guards of a snapshot's exits never change, so they are read from the source once. */
const guardsOfExits = new WeakMap<FactSetJson, ExitGuards>();

function exitGuards(
  world: WorldJson,
  facts: FactSetJson,
  sources: SourceLines | undefined,
): readonly (readonly string[])[] {
  const cached = guardsOfExits.get(facts);
  if (cached !== undefined && cached.sources === sources) return cached.guards;
  const guards = facts.exits.map((edge) => {
    if (!edge.is_conditional) return [];
    const exit = ownEntry(ownEntry(world.locations, edge.from_location)?.exits, edge.exit_name);
    return exitConditions(edge, sources, exit?.condition);
  });
  guardsOfExits.set(facts, { sources, guards });
  return guards;
}

/** An exit is blocked when any guard is false, unjudged when none is false but one is unknown. */
function judgeExit(
  world: WorldJson,
  edge: ExitEdge,
  guards: readonly string[],
  state: WorldState,
): JudgedExit {
  if (!edge.is_conditional) return { edge, verdict: "passable", condition: "" };
  if (guards.length === 0) return { edge, verdict: "unevaluated", condition: "" };
  let unevaluated: string | undefined;
  for (const condition of guards) {
    const verdict = evaluateGuard(world, condition, state);
    if (verdict === "blocked") return { edge, verdict, condition };
    if (verdict === "unevaluated") unevaluated ??= condition;
  }
  return unevaluated === undefined
    ? { edge, verdict: "passable", condition: "" }
    : { edge, verdict: "unevaluated", condition: unevaluated };
}

function listExits(
  judged: readonly JudgedExit[],
  verdict: GuardVerdict,
  reached: ReadonlyMap<string, string>,
): GuardedExit[] {
  return judged
    .filter((exit) => exit.verdict === verdict && reached.has(exit.edge.from_location))
    .map((exit) => ({
      from: exit.edge.from_location,
      exit_name: exit.edge.exit_name,
      condition: exit.condition,
    }))
    .sort(
      (a, b) => compareCodePoints(a.from, b.from) || compareCodePoints(a.exit_name, b.exit_name),
    );
}

/**
 * Which locations can be reached from `from` by following exits, with a shortest path to each
 * (ties broken alphabetically). Exit guards are ignored unless `respectConditions` is set; then
 * an exit whose guard is false under `state` is not taken, and the exits the search met that
 * were blocked or could not be judged are listed.
 *
 * @param compiled - one compilation's data
 * @param from - the starting location id
 * @param options - conditional reachability
 * @returns the payload, or the seed's error object
 */
export function getReachableLocations(
  compiled: CompiledWorld,
  from: string,
  options: ReachabilityOptions = {},
): ReachableLocations | ReachableLocationsError {
  const world = compiled.world;
  if (world === null) {
    return { schema_version: SCHEMA_VERSION, error: "No compiled world available", location: from };
  }
  if (ownEntry(world.locations, from) === undefined) {
    return { schema_version: SCHEMA_VERSION, error: "Location not found", location: from };
  }
  const state = options.state ?? {};
  const respect = options.respectConditions === true;
  const facts = compiled.facts;
  const guards = respect && facts !== null ? exitGuards(world, facts, options.sources) : [];
  const judged =
    respect && facts !== null
      ? facts.exits.map((edge, index) => judgeExit(world, edge, guards[index] ?? [], state))
      : [];
  const adjacency = respect
    ? adjacencyOf(judged.filter((exit) => exit.verdict !== "blocked").map((exit) => exit.edge))
    : structuralAdjacencyOf(compiled.facts);
  const parents = breadthFirstParents(adjacency, from);
  const reachable = [...parents.keys()].sort(compareCodePoints);
  const paths: Record<string, string[]> = {};
  for (const location of reachable) {
    if (location !== from) paths[location] = pathTo(parents, location);
  }
  return {
    schema_version: SCHEMA_VERSION,
    from,
    reachable,
    unreachable: sortedKeys(world.locations).filter((location) => !parents.has(location)),
    path_count: reachable.length,
    paths,
    ...(respect
      ? {
          respect_conditions: true as const,
          blocked_exits: listExits(judged, "blocked", parents),
          unevaluated_exits: listExits(judged, "unevaluated", parents),
        }
      : {}),
  };
}
