import { createHash } from "node:crypto";
import type { RandomSource } from "./random-source.js";
import { createXoshiro128StarStar, type Xoshiro128State } from "./xoshiro128.js";

/** The longest replay seed a server accepts, in characters (code points). */
export const MAX_REPLAY_SEED_LENGTH = 256;

/** The number of characters (code points) in a seed, as a person would count them. */
export function replaySeedLength(seed: string): number {
  return [...seed].length;
}

/** Whether a string is an acceptable replay seed: 1 to 256 characters. */
export function isReplaySeed(seed: string): boolean {
  const length = replaySeedLength(seed);
  return length >= 1 && length <= MAX_REPLAY_SEED_LENGTH;
}

/**
 * What is wrong with a replay seed, as a sentence for the caller's own error, or `undefined`
 * when the seed is acceptable.
 *
 * @param seed - the seed string
 */
export function replaySeedProblem(seed: string): string | undefined {
  if (isReplaySeed(seed)) return undefined;
  return `A replay seed must be 1-${MAX_REPLAY_SEED_LENGTH} characters, received ${replaySeedLength(seed)}`;
}

/**
 * The initial xoshiro128** state for a replay seed: the first 16 bytes of SHA-256 of its UTF-8
 * encoding, read as four little-endian unsigned 32-bit words; all zero becomes `[1, 0, 0, 0]`.
 * Any string has a state; whether a seed is acceptable is {@link isReplaySeed}'s question
 * (and {@link replaySeedProblem}'s), so that each server reports a bad seed in its own error.
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

/**
 * Creates the reproducible source behind a server's `--seed`: xoshiro128** started from
 * {@link replaySeedState}. Two sources made from the same seed produce the same words.
 *
 * @param seed - the seed string
 * @returns a source whose `kind` is `seeded`
 */
export function createSeededSource(seed: string): RandomSource {
  return createXoshiro128StarStar(replaySeedState(seed));
}
