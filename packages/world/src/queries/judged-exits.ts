import type { ExitEdge, FactSetJson, WorldJson } from "@tabletop-mcp/urd";
import { exitConditions, type SourceLines } from "./exit-conditions.js";
import { evaluateGuard, type GuardVerdict, type WorldState } from "./exit-guard.js";
import { ownEntry } from "./own-entry.js";
import { compareCodePoints } from "./sorted-ids.js";

/** A guarded exit the search met, with its lowered condition. */
export interface GuardedExit {
  from: string;
  exit_name: string;
  condition: string;
}

/** An exit with what its guards say under a state. */
export interface JudgedExit {
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

/**
 * The exits with one verdict whose origin the search reached, as the answer lists them: sorted
 * by origin, then exit name.
 *
 * @param judged - every exit with its verdict
 * @param verdict - which exits to list
 * @param reached - the locations the search reached
 * @returns the listed exits
 */
export function listExits(
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
 * Every exit of the FactSet with its verdict under the state (docs/world.md §4.6).
 *
 * @param world - the compiled world JSON
 * @param facts - the FactSet, or null when there is none
 * @param state - the property values to assume
 * @param sources - the world's file lines, where every guard of an exit is read
 * @returns the exits in FactSet order, judged
 */
export function judgeExits(
  world: WorldJson,
  facts: FactSetJson | null,
  state: WorldState,
  sources: SourceLines | undefined,
): JudgedExit[] {
  if (facts === null) return [];
  const guards = exitGuards(world, facts, sources);
  return facts.exits.map((edge, index) => judgeExit(world, edge, guards[index] ?? [], state));
}
