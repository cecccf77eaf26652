import type { RollDiceParams } from "../../../src/engine/roll-dice-params.js";

/** An exact distribution: weights over a common denominator. */
export interface ExactDistribution {
  readonly weights: Map<number, bigint>;
  readonly denominator: bigint;
}

const CAP = 100;

/**
 * One die's exact value distribution by enumerating what happens at the table: every first face,
 * every reroll face, every explosion chain up to the cap, then the minimum.
 */
function exactDie(params: RollDiceParams): ExactDistribution {
  const sides = BigInt(params.dice_sides);
  const depth = params.exploding === true ? CAP : 0;
  const denominator = sides ** BigInt(2 + depth);
  const weights = new Map<number, bigint>();
  const add = (value: number, weight: bigint) => {
    const final = Math.max(value, params.min_value ?? value);
    weights.set(final, (weights.get(final) ?? 0n) + weight);
  };
  const reroll = new Set(params.reroll ?? []);
  const land = (sum: number, face: number, weight: bigint, extra: number): void => {
    const total = sum + face;
    if (params.exploding === true && face === params.dice_sides && extra < CAP) {
      for (let next = 1; next <= params.dice_sides; next++)
        land(total, next, weight / sides, extra + 1);
    } else {
      add(total, weight);
    }
  };
  for (let first = 1; first <= params.dice_sides; first++) {
    if (!reroll.has(first)) {
      land(0, first, denominator / sides, 0);
      continue;
    }
    for (let second = 1; second <= params.dice_sides; second++)
      land(0, second, denominator / sides / sides, 0);
  }
  return { weights, denominator };
}

/** The exact distribution of `total` by brute force over every tuple of die values. */
export function exactTotal(params: RollDiceParams): ExactDistribution {
  const die = exactDie(params);
  const support = [...die.weights.entries()];
  const totals = new Map<number, bigint>();
  const values: number[] = [];
  const visit = (depth: number, weight: bigint) => {
    if (depth === params.dice_count) {
      const total = scoreTuple(params, values);
      totals.set(total, (totals.get(total) ?? 0n) + weight);
      return;
    }
    for (const [value, valueWeight] of support) {
      values.push(value);
      visit(depth + 1, weight * valueWeight);
      values.pop();
    }
  };
  visit(0, 1n);
  return { weights: totals, denominator: die.denominator ** BigInt(params.dice_count) };
}

/** Converts an exact weight to the nearest float well within 1e-15. */
export function toFloat(weight: bigint, denominator: bigint): number {
  const scale = 2n ** 80n;
  return Number((weight * scale) / denominator) / 2 ** 80;
}

function scoreTuple(params: RollDiceParams, values: readonly number[]): number {
  const ranked = values
    .map((value, die) => ({ value, die }))
    .sort((a, b) => b.value - a.value || a.die - b.die);
  const n = values.length;
  let kept = ranked;
  if (params.keep_highest !== undefined) kept = ranked.slice(0, params.keep_highest);
  if (params.keep_lowest !== undefined) kept = ranked.slice(n - params.keep_lowest);
  if (params.drop_highest !== undefined) kept = ranked.slice(params.drop_highest);
  if (params.drop_lowest !== undefined) kept = ranked.slice(0, n - params.drop_lowest);
  const target = params.target_number;
  const score =
    target === undefined
      ? kept.reduce((sum, entry) => sum + entry.value, 0)
      : kept.filter((entry) => entry.value >= target).length;
  return score + (params.modifier ?? 0);
}
