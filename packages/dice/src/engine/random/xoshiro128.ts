import {
  createXoshiro128StarStar as createGenerator,
  MAX_REPLAY_SEED_LENGTH,
  replaySeedLength,
  replaySeedState,
  type Xoshiro128State,
} from "@tabletop-mcp/kit/replay";
import { DiceError } from "../errors.js";
import type { RandomSource } from "./random-source.js";

/** The four 32-bit state words of xoshiro128**. */
export type XoshiroState = Xoshiro128State;

/** Longest seed string accepted by {@link createSeededSource} (dice.md §7). */
export const MAX_SEED_LENGTH = MAX_REPLAY_SEED_LENGTH;

/**
 * A random source drawing from the kit's xoshiro128** generator (Blackman & Vigna, 32-bit
 * output) started from an explicit state; an all-zero state becomes `[1, 0, 0, 0]`.
 *
 * @param state - the four state words; each is reduced to an unsigned 32-bit integer
 */
export function createXoshiro128StarStar(state: XoshiroState): RandomSource {
  return { kind: "seeded", nextUint32: createGenerator(state) };
}

/**
 * The initial xoshiro128** state for a seed string: the first 16 bytes of SHA-256 of its UTF-8
 * encoding, read as four little-endian unsigned 32-bit words.
 *
 * @param seed - 1 to 256 characters
 * @throws DiceError `INVALID_SEED` when the seed is empty or too long
 */
export function seedToState(seed: string): XoshiroState {
  const length = replaySeedLength(seed);
  if (length === 0 || length > MAX_SEED_LENGTH) {
    throw new DiceError(
      "INVALID_SEED",
      `A seed must be 1-${MAX_SEED_LENGTH} characters long, received ${length}`,
    );
  }
  return replaySeedState(seed);
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
