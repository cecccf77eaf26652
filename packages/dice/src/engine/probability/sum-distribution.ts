import type { DieDistribution } from "./die-distribution.js";

/** A distribution over a dense range of integers, with the cell updates it cost. */
export interface DenseDistribution {
  /** The integer that `mass[0]` belongs to. */
  readonly low: number;
  readonly mass: Float64Array;
  readonly work: number;
}

/**
 * The distribution of the sum of `count` independent dice (docs/dice.md §9.3 step 2): repeated
 * convolution of dense arrays with the die's non-zero support.
 *
 * @param die - one die's distribution
 * @param count - number of dice
 */
export function sumDistribution(die: DieDistribution, count: number): DenseDistribution {
  const width = die.mass.length - 1;
  let mass = new Float64Array([1]);
  let work = 0;
  for (let placed = 0; placed < count; placed++) {
    const next = new Float64Array(mass.length + width);
    die.values.forEach((value, index) => {
      const probability = die.probabilities[index] as number;
      const shift = value - die.low;
      for (let cell = 0; cell < mass.length; cell++) {
        next[cell + shift] = (next[cell + shift] as number) + (mass[cell] as number) * probability;
      }
    });
    work += mass.length * die.values.length;
    mass = next;
  }
  return { low: count * die.low, mass, work };
}

/** Estimated cell updates of {@link sumDistribution}: Σ_{i<n} (i·W + 1)·V. */
export function sumWork(die: DieDistribution, count: number): number {
  const width = die.mass.length - 1;
  return die.values.length * (width * ((count * (count - 1)) / 2) + count);
}
