import { createHash } from "node:crypto";
import { DiceError } from "../errors.js";
import type { RandomSource } from "./random-source.js";

/** The four 32-bit state words of xoshiro128**. */
export type XoshiroState = readonly [number, number, number, number];

/** Longest seed string accepted by {@link createSeededSource} (dice.md §7). */
export const MAX_SEED_LENGTH = 256;

/**
 * Creates a xoshiro128** generator (Blackman & Vigna, 32-bit output) from an explicit state.
 * An all-zero state, from which the generator could never leave, becomes `[1, 0, 0, 0]`.
 *
 * @param state - the four state words; each is reduced to an unsigned 32-bit integer
 */
export function createXoshiro128StarStar(state: XoshiroState): RandomSource {
  let s0 = state[0] >>> 0;
  let s1 = state[1] >>> 0;
  let s2 = state[2] >>> 0;
  let s3 = state[3] >>> 0;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  return {
    kind: "seeded",
    nextUint32(): number {
      const scrambled = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
      const shifted = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= shifted;
      s3 = rotateLeft(s3, 11);
      return scrambled;
    },
  };
}

/**
 * The initial xoshiro128** state for a seed string: the first 16 bytes of SHA-256 of its UTF-8
 * encoding, read as four little-endian unsigned 32-bit words.
 *
 * @param seed - 1 to 256 characters
 * @throws DiceError `INVALID_SEED` when the seed is empty or too long
 */
export function seedToState(seed: string): XoshiroState {
  const length = [...seed].length;
  if (length === 0 || length > MAX_SEED_LENGTH) {
    throw new DiceError(
      "INVALID_SEED",
      `A seed must be 1-${MAX_SEED_LENGTH} characters long, received ${length}`,
    );
  }
  const digest = createHash("sha256").update(seed, "utf8").digest();
  return [
    digest.readUInt32LE(0),
    digest.readUInt32LE(4),
    digest.readUInt32LE(8),
    digest.readUInt32LE(12),
  ];
}

/**
 * Creates the reproducible generator of `--seed`: xoshiro128** started from
 * {@link seedToState}. Two sources made from the same seed produce the same words.
 *
 * @param seed - 1 to 256 characters
 * @throws DiceError `INVALID_SEED` when the seed is empty or too long
 */
export function createSeededSource(seed: string): RandomSource {
  return createXoshiro128StarStar(seedToState(seed));
}

function rotateLeft(word: number, bits: number): number {
  return ((word << bits) | (word >>> (32 - bits))) >>> 0;
}
