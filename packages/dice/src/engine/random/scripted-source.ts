import { DiceError } from "../errors.js";
import type { RandomSource, RngKind } from "./random-source.js";

/**
 * Creates a source that replays fixed words, the test seam of dice.md §4.4: feeding `face − 1`
 * yields that face on any die. Asking for more words than were given is an error, so a test
 * also proves how much randomness a roll consumed.
 *
 * @param words - the unsigned 32-bit words to return, in order
 * @param kind - what `metadata.rng` should report (the spec's worked examples say `crypto`)
 */
export function createScriptedSource(
  words: readonly number[],
  kind: RngKind = "crypto",
): RandomSource & { readonly consumed: number } {
  let next = 0;
  return {
    kind,
    get consumed(): number {
      return next;
    },
    nextUint32(): number {
      const word = words[next];
      if (word === undefined) {
        throw new DiceError(
          "SCRIPT_EXHAUSTED",
          `The scripted source ran out after ${words.length} words`,
        );
      }
      next += 1;
      return word >>> 0;
    },
  };
}
