import type { SelectionParameter } from "../roll-dice-params.js";
import { binomialMass } from "./binomial.js";
import type { DieDistribution } from "./die-distribution.js";

/**
 * The distribution of the success count (docs/dice.md §9.3 step 4): with q = P(value ≥ target)
 * and B ~ Binomial(n, q), no selection gives B, keeping the highest k gives min(k, B) and
 * keeping the lowest k gives max(0, B − (n − k)). Index = number of successes, 0..kept dice.
 *
 * @param die - one die's distribution
 * @param count - number of dice rolled
 * @param target - the success threshold
 * @param keep - dice kept and whether they are the highest, if a selection applies
 */
export function successDistribution(
  die: DieDistribution,
  count: number,
  target: number,
  keep: { count: number; highest: boolean } | undefined,
): Float64Array {
  let success = 0;
  die.values.forEach((value, index) => {
    if (value >= target) success += die.probabilities[index] as number;
  });
  const all = binomialMass(count, Math.min(1, success));
  if (keep === undefined) return all;
  const kept = new Float64Array(keep.count + 1);
  all.forEach((probability, successes) => {
    const counted = keep.highest
      ? Math.min(keep.count, successes)
      : Math.max(0, successes - (count - keep.count));
    kept[counted] = (kept[counted] as number) + probability;
  });
  return kept;
}

/** Reduces the four selections to "keep the k highest" or "keep the k lowest" of n dice. */
export function reduceSelection(
  selection: { kind: SelectionParameter; count: number } | undefined,
  diceCount: number,
): { count: number; highest: boolean } | undefined {
  if (selection === undefined) return undefined;
  switch (selection.kind) {
    case "keep_highest":
      return { count: selection.count, highest: true };
    case "keep_lowest":
      return { count: selection.count, highest: false };
    case "drop_lowest":
      return { count: diceCount - selection.count, highest: true };
    case "drop_highest":
      return { count: diceCount - selection.count, highest: false };
  }
}
