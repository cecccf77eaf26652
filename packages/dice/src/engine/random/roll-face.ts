import type { RandomSource } from "./random-source.js";

const TWO_TO_THE_32 = 4294967296;

/**
 * The largest multiple of `sides` that fits in 2³²: words at or above it are rejected so that
 * every face is exactly equally likely.
 *
 * @param sides - faces on the die, 1..2³²
 */
export function rejectionLimit(sides: number): number {
  return TWO_TO_THE_32 - (TWO_TO_THE_32 % sides);
}

/**
 * Rolls one fair die: draws words until one lies below {@link rejectionLimit} and returns
 * `word mod sides + 1`. A d1 consumes no randomness.
 *
 * @param source - where the words come from
 * @param sides - faces on the die, 1..2³²
 */
export function rollFace(source: RandomSource, sides: number): number {
  return drawFace(source, sides, rejectionLimit(sides));
}

/**
 * {@link rollFace} with the rejection limit computed once by the caller, for loops that roll
 * many dice of the same size.
 *
 * @param source - where the words come from
 * @param sides - faces on the die
 * @param limit - `rejectionLimit(sides)`
 */
export function drawFace(source: RandomSource, sides: number, limit: number): number {
  if (sides === 1) return 1;
  let word = source.nextUint32();
  while (word >= limit) word = source.nextUint32();
  return (word % sides) + 1;
}
