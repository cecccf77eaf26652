import { LIMITS, type RollDiceParams } from "../roll-dice-params.js";

/** The distribution of one die's final value over a dense range of values. */
export interface DieDistribution {
  /** Smallest value with non-zero float mass. */
  readonly low: number;
  /** `mass[i]` is P(value = low + i). */
  readonly mass: Float64Array;
  /** The values with non-zero mass, ascending, and their probabilities. */
  readonly values: readonly number[];
  readonly probabilities: readonly number[];
  /** Smallest and largest value a die can show in theory (a capped chain included). */
  readonly theoreticalMin: number;
  readonly theoreticalMax: number;
}

/**
 * One die's exact value distribution (docs/dice.md §9.3 step 1): first face with the one-time
 * reroll, capped compounding explosion, then the minimum fold. Entries whose float64 mass is
 * exactly zero are dropped.
 *
 * @param params - the roll's sides, reroll, exploding and min_value
 */
export function dieDistribution(params: Readonly<RollDiceParams>): DieDistribution {
  const sides = params.dice_sides;
  const faceMass = firstFaceMass(sides, params.reroll ?? []);
  const exploding = params.exploding === true;
  const theoreticalMax = exploding ? (LIMITS.explosionCap + 1) * sides : sides;
  const raw = new Float64Array(theoreticalMax + 1);
  for (let face = 1; face <= sides; face++) raw[face] = faceMass[face] as number;
  if (exploding) spreadExplosions(raw, sides);
  const minimum = params.min_value ?? 1;
  for (let value = 1; value < minimum; value++) {
    raw[minimum] = (raw[minimum] as number) + (raw[value] as number);
    raw[value] = 0;
  }
  const values: number[] = [];
  const probabilities: number[] = [];
  raw.forEach((probability, value) => {
    if (probability > 0) {
      values.push(value);
      probabilities.push(probability);
    }
  });
  const low = values[0] as number;
  const high = values[values.length - 1] as number;
  return {
    low,
    mass: raw.slice(low, high + 1),
    values,
    probabilities,
    theoreticalMin: Math.max(1, minimum),
    theoreticalMax,
  };
}

/** P(first standing face = f) = [f ∉ R]/s + |R|/s², indexed by face. */
function firstFaceMass(sides: number, reroll: readonly number[]): Float64Array {
  const set = new Set(reroll);
  const mass = new Float64Array(sides + 1);
  const rerolled = set.size / (sides * sides);
  for (let face = 1; face <= sides; face++) mass[face] = (set.has(face) ? 0 : 1 / sides) + rerolled;
  return mass;
}

/** Moves the mass of a standing maximum face onto its chains: k·s + r and the capped 101·s. */
function spreadExplosions(raw: Float64Array, sides: number): void {
  const top = raw[sides] as number;
  raw[sides] = 0;
  let chain = top;
  for (let k = 1; k <= LIMITS.explosionCap; k++) {
    chain /= sides;
    for (let r = 1; r < sides; r++) raw[k * sides + r] = chain;
  }
  raw[(LIMITS.explosionCap + 1) * sides] = chain;
}
