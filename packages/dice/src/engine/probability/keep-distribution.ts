import { binomialMass } from "./binomial.js";
import type { DieDistribution } from "./die-distribution.js";
import type { DenseDistribution } from "./sum-distribution.js";

/**
 * The distribution of the sum of the `keep` highest (or lowest) of `count` dice (docs/dice.md §9
 * method step 3). Walks the distinct die values from the kept end; the state is the number of
 * dice already placed (below `keep`) and the kept sum so far. At each value the remaining dice
 * land there binomially; once `keep` dice are placed the kept sum is final and absorbed.
 *
 * @param die - one die's distribution
 * @param count - number of dice rolled
 * @param keep - number of dice kept, 1..count
 * @param highest - keep the highest (true) or the lowest (false)
 */
export function keepDistribution(
  die: DieDistribution,
  count: number,
  keep: number,
  highest: boolean,
): DenseDistribution {
  const width = die.mass.length - 1;
  const order = die.values.map((_, index) => (highest ? die.values.length - 1 - index : index));
  const remaining = remainingMass(order.map((index) => die.probabilities[index] as number));
  const final = new Float64Array(keep * width + 1);
  let states: (Float64Array | undefined)[] = [new Float64Array([1])];
  let work = 0;
  order.forEach((dieIndex, level) => {
    const value = die.values[dieIndex] as number;
    const probability = die.probabilities[dieIndex] as number;
    const landing = Math.min(1, probability / (remaining[level] as number));
    const step = value - die.low;
    const next: (Float64Array | undefined)[] = [];
    states.forEach((state, placed) => {
      if (state === undefined) return;
      const open = keep - placed;
      const binomial = binomialMass(count - placed, landing);
      for (let arrived = 0; arrived < open; arrived++) {
        const chance = binomial[arrived] as number;
        if (chance === 0) continue;
        const target = placed + arrived;
        next[target] ??= new Float64Array(target * width + 1);
        const cells = next[target] as Float64Array;
        const shift = arrived * step;
        for (let cell = 0; cell < state.length; cell++) {
          cells[cell + shift] = (cells[cell + shift] as number) + (state[cell] as number) * chance;
        }
      }
      let absorbed = 0;
      for (let arrived = open; arrived < binomial.length; arrived++)
        absorbed += binomial[arrived] as number;
      const shift = open * step;
      for (let cell = 0; cell < state.length; cell++) {
        final[cell + shift] = (final[cell + shift] as number) + (state[cell] as number) * absorbed;
      }
      work += state.length * (open + 1);
    });
    states = next;
  });
  return { low: keep * die.low, mass: final, work };
}

/** Estimated cell updates of {@link keepDistribution}: m · Σ_{c<k} (k−c+1)(c·W+1). */
export function keepWork(die: DieDistribution, keep: number): number {
  const width = die.mass.length - 1;
  let perLevel = 0;
  for (let placed = 0; placed < keep; placed++)
    perLevel += (keep - placed + 1) * (placed * width + 1);
  return die.values.length * perLevel;
}

/** G at each level: the mass at that level and beyond in walking order, summed from the far end. */
function remainingMass(walk: readonly number[]): number[] {
  const remaining = new Array<number>(walk.length);
  let total = 0;
  for (let level = walk.length - 1; level >= 0; level--) {
    total += walk[level] as number;
    remaining[level] = total;
  }
  return remaining;
}
