import { createHash } from "node:crypto";
import { DualityError } from "./duality-error.js";

/** The four 32-bit state words of xoshiro128**. */
export type Xoshiro128State = readonly [number, number, number, number];

/** Longest accepted replay seed, in characters (dice.md §7). */
export const MAX_SEED_LENGTH = 256;

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

/**
 * Creates the xoshiro128** generator of Blackman and Vigna (32-bit output, the reference
 * algorithm) from an explicit state. The state array is copied, never mutated.
 *
 * @param initialState - four 32-bit words, not all zero
 * @returns a function giving the next unsigned 32-bit output on each call
 */
export function createXoshiro128StarStar(initialState: Xoshiro128State): () => number {
  let s0 = initialState[0] >>> 0;
  let s1 = initialState[1] >>> 0;
  let s2 = initialState[2] >>> 0;
  let s3 = initialState[3] >>> 0;
  return () => {
    const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
    const shifted = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= shifted;
    s3 = rotateLeft(s3, 11);
    return result;
  };
}

/**
 * Derives the generator state from a replay seed as dice.md §7 prescribes: the first 16 bytes
 * of SHA-256 of the seed's UTF-8, read as four little-endian 32-bit words; an all-zero state
 * (which would make the generator emit only zeros) becomes `[1, 0, 0, 0]`.
 *
 * @param seed - a non-empty string of at most {@link MAX_SEED_LENGTH} characters
 * @returns the initial state
 * @throws DualityError `INVALID_SEED` for an empty or too long seed
 */
export function seedStateFromString(seed: string): Xoshiro128State {
  const length = [...seed].length;
  if (length === 0 || length > MAX_SEED_LENGTH) {
    throw new DualityError(
      "INVALID_SEED",
      `A seed must have 1 to ${MAX_SEED_LENGTH} characters, got ${length}`,
    );
  }
  const digest = createHash("sha256").update(seed, "utf8").digest();
  const state = [
    digest.readUInt32LE(0),
    digest.readUInt32LE(4),
    digest.readUInt32LE(8),
    digest.readUInt32LE(12),
  ] as const;
  return state.every((word) => word === 0) ? [1, 0, 0, 0] : state;
}
