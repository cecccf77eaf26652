import type { RandomSource } from "./random-source.js";

const TWO_TO_THE_32 = 4294967296;

/**
 * The largest multiple of `sides` that fits in 2³²: words at or above it are rejected so that
 * every face is exactly equally likely (taking `word mod sides` of every word would favour the
 * low faces).
 *
 * @param sides - faces on the die, an integer 1..2³²
 * @throws RangeError when `sides` is not such an integer
 */
export function rejectionLimit(sides: number): number {
  if (!Number.isInteger(sides) || sides < 1 || sides > TWO_TO_THE_32) {
    throw new RangeError(`A die must have 1 to 2^32 sides, received ${sides}`);
  }
  return TWO_TO_THE_32 - (TWO_TO_THE_32 % sides);
}

/**
 * Rolls one fair die: draws words until one lies below {@link rejectionLimit} and returns
 * `word mod sides + 1`. Rejected words are consumed. A d1 consumes no word.
 *
 * @param source - where the words come from
 * @param sides - faces on the die, an integer 1..2³²
 * @returns a face, 1..sides
 * @throws RangeError when `sides` is not such an integer
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
 * @returns a face, 1..sides
 */
export function drawFace(source: RandomSource, sides: number, limit: number): number {
  if (sides === 1) return 1;
  let word = source.nextUint32();
  while (word >= limit) word = source.nextUint32();
  return (word % sides) + 1;
}
