// The reproducible generator behind every server's `--seed` (dice.md §7), shared by the dice and
// duality engines. Node's crypto only: engines import it through `@tabletop-mcp/kit/replay`
// without loading the MCP SDK.
import { createHash } from "node:crypto";

/** The longest replay seed a server accepts, in characters (code points). */
export const MAX_REPLAY_SEED_LENGTH = 256;

/** The four 32-bit state words of xoshiro128**. */
export type Xoshiro128State = readonly [number, number, number, number];

/** The number of characters (code points) in a seed, as a person would count them. */
export function replaySeedLength(seed: string): number {
  return [...seed].length;
}

/**
 * Creates the xoshiro128** generator of Blackman and Vigna (32-bit output) from an explicit
 * state. The state is copied, never mutated; an all-zero state, which the generator could never
 * leave, becomes `[1, 0, 0, 0]`.
 *
 * @param state - the four state words; each is reduced to an unsigned 32-bit integer
 * @returns a function giving the next unsigned 32-bit output on each call
 */
export function createXoshiro128StarStar(state: Xoshiro128State): () => number {
  let s0 = state[0] >>> 0;
  let s1 = state[1] >>> 0;
  let s2 = state[2] >>> 0;
  let s3 = state[3] >>> 0;
  if ((s0 | s1 | s2 | s3) === 0) s0 = 1;
  return () => {
    const scrambled = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9) >>> 0;
    const shifted = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= shifted;
    s3 = rotateLeft(s3, 11);
    return scrambled;
  };
}

/**
 * The initial state for a replay seed (dice.md §7): the first 16 bytes of SHA-256 of its UTF-8
 * encoding, read as four little-endian unsigned 32-bit words; all zero becomes `[1, 0, 0, 0]`.
 * The seed's length is the caller's to check, so that each server reports it in its own error.
 *
 * @param seed - the seed string
 * @returns the initial state
 */
export function replaySeedState(seed: string): Xoshiro128State {
  const digest = createHash("sha256").update(seed, "utf8").digest();
  const state = [
    digest.readUInt32LE(0),
    digest.readUInt32LE(4),
    digest.readUInt32LE(8),
    digest.readUInt32LE(12),
  ] as const;
  return state.every((word) => word === 0) ? [1, 0, 0, 0] : state;
}

function rotateLeft(word: number, bits: number): number {
  return ((word << bits) | (word >>> (32 - bits))) >>> 0;
}
