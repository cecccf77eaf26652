import { getRandomValues } from "node:crypto";
import type { RandomSource } from "./random-source.js";

/** Words fetched per call to the platform CSPRNG (dice.md §7). */
export const CRYPTO_POOL_WORDS = 1024;

/**
 * Creates the default generator: words from `crypto.getRandomValues`, fetched 1024 at a time so
 * a 1000-die roll costs one system call rather than a thousand.
 */
export function createCryptoSource(): RandomSource {
  const pool = new Uint32Array(CRYPTO_POOL_WORDS);
  let next = CRYPTO_POOL_WORDS;
  return {
    kind: "crypto",
    nextUint32(): number {
      if (next === CRYPTO_POOL_WORDS) {
        getRandomValues(pool);
        next = 0;
      }
      return pool[next++] as number;
    },
  };
}
