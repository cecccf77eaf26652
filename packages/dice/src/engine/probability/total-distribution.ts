import { type RollDiceParams, selectionOf } from "../roll-dice-params.js";
import { type DieDistribution, dieDistribution } from "./die-distribution.js";
import { keepDistribution, keepWork } from "./keep-distribution.js";
import { reduceSelection, successDistribution } from "./success-distribution.js";
import { type DenseDistribution, sumDistribution, sumWork } from "./sum-distribution.js";

/** The route docs/dice.md §9 takes for a configuration, with its die and estimated work. */
export interface ProbabilityPlan {
  readonly die: DieDistribution;
  readonly keep: { count: number; highest: boolean } | undefined;
  readonly estimatedWork: number;
}

/** Cell updates above which `dice_probability` refuses to compute (docs/dice.md §9.4). */
export const WORK_LIMIT = 200_000_000;

/**
 * Chooses the method and estimates its work from the formulas of docs/dice.md §9, before computing.
 * Keeping every die is a plain sum.
 *
 * @param params - validated roll arguments
 */
export function planProbability(params: Readonly<RollDiceParams>): ProbabilityPlan {
  const die = dieDistribution(params);
  const reduced = reduceSelection(selectionOf(params), params.dice_count);
  const keep = reduced !== undefined && reduced.count < params.dice_count ? reduced : undefined;
  let estimatedWork: number;
  if (params.target_number !== undefined) estimatedWork = params.dice_count + 1;
  else if (keep !== undefined) estimatedWork = keepWork(die, keep.count);
  else estimatedWork = sumWork(die, params.dice_count);
  return { die, keep, estimatedWork };
}

/** The kept sum (or success count) before the modifier, and the cell updates spent. */
export interface RawOutcome extends DenseDistribution {
  /** Present with target_number: P(successes = i), i = 0..kept dice. */
  readonly successes?: Float64Array;
}

/**
 * Computes the distribution of the kept sum, or of the success count, following a plan.
 *
 * @param params - validated roll arguments
 * @param plan - from {@link planProbability}
 */
export function rawOutcome(params: Readonly<RollDiceParams>, plan: ProbabilityPlan): RawOutcome {
  const count = params.dice_count;
  if (params.target_number !== undefined) {
    const successes = successDistribution(plan.die, count, params.target_number, plan.keep);
    return { low: 0, mass: successes, work: count + 1, successes };
  }
  if (plan.keep !== undefined)
    return keepDistribution(plan.die, count, plan.keep.count, plan.keep.highest);
  return sumDistribution(plan.die, count);
}
