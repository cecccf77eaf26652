import type { RandomSource } from "./random-source.js";

/** The four 32-bit state words of xoshiro128**. */
export type Xoshiro128State = readonly [number, number, number, number];

/**
 * Creates the xoshiro128** generator of Blackman and Vigna (32-bit output) from an explicit
 * state. The state is copied, never mutated; an all-zero state, which the generator could never
 * leave, becomes `[1, 0, 0, 0]`.
 *
 * @param state - the four state words; each is reduced to an unsigned 32-bit integer
 * @returns a source whose `kind` is `seeded`
 */
export function createXoshiro128StarStar(state: Xoshiro128State): RandomSource {
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

function rotateLeft(word: number, bits: number): number {
  return ((word << bits) | (word >>> (32 - bits))) >>> 0;
}
