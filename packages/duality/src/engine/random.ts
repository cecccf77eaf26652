import { getRandomValues } from "node:crypto";
import { assertIntegerInRange } from "./assert-integer.js";
import type { DieRoller } from "./die-roller.js";
import { createXoshiro128StarStar, seedStateFromString } from "./xoshiro128-star-star.js";

/** A source of uniform unsigned 32-bit integers. */
export type WordSource = () => number;

/** Words fetched from the platform CSPRNG per system call (dice.md §7). */
export const CRYPTO_POOL_SIZE = 1024;

const WORD_RANGE = 2 ** 32;

/**
 * Creates a word source backed by the platform CSPRNG, fetching {@link CRYPTO_POOL_SIZE} words
 * at a time so that many dice cost one system call.
 *
 * @returns a word source that hands out each pooled word once
 */
export function createCryptoWordSource(): WordSource {
  const pool = new Uint32Array(CRYPTO_POOL_SIZE);
  let next = CRYPTO_POOL_SIZE;
  return () => {
    if (next === CRYPTO_POOL_SIZE) {
      getRandomValues(pool);
      next = 0;
    }
    return pool[next++] ?? 0;
  };
}

/**
 * Creates a word source replaying xoshiro128** seeded from a string (dice.md §7).
 *
 * @param seed - a non-empty string of at most 256 characters
 * @returns a word source; equal seeds give equal sequences
 * @throws DualityError `INVALID_SEED` for an empty or too long seed
 */
export function createSeededWordSource(seed: string): WordSource {
  return createXoshiro128StarStar(seedStateFromString(seed));
}

/**
 * Turns uniform 32-bit words into exactly uniform die faces by rejection sampling: for `s`
 * sides, words at or above `2³² − (2³² mod s)` are consumed and skipped, then the face is
 * `word mod s + 1`. A d1 consumes no word.
 *
 * @param nextWord - the word source
 * @returns a die roller
 */
export function createDieRoller(nextWord: WordSource): DieRoller {
  return (sides) => {
    assertIntegerInRange("sides", sides, { min: 1, max: WORD_RANGE });
    if (sides === 1) return 1;
    const limit = WORD_RANGE - (WORD_RANGE % sides);
    let word = nextWord();
    while (word >= limit) word = nextWord();
    return (word % sides) + 1;
  };
}

/**
 * Creates the die roller the server uses: the CSPRNG by default, or a seeded replay.
 *
 * @param seed - a replay seed; when omitted the dice are unpredictable
 * @returns a die roller
 * @throws DualityError `INVALID_SEED` for an empty or too long seed
 */
export function createRandomDieRoller(seed?: string): DieRoller {
  return createDieRoller(
    seed === undefined ? createCryptoWordSource() : createSeededWordSource(seed),
  );
}
