import { getRandomValues } from "node:crypto";
import type { RandomSource } from "./random-source.js";

/** Words fetched per call to the platform CSPRNG. */
export const CRYPTO_POOL_WORDS = 1024;

/**
 * Creates the default source: words from `crypto.getRandomValues`, fetched 1024 at a time so
 * that a roll of a thousand dice costs one system call rather than a thousand. The words are
 * unpredictable, which `Math.random()` does not promise.
 *
 * @returns a source whose `kind` is `crypto`
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
