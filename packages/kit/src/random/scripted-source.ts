import type { RandomSource, RngKind } from "./random-source.js";

/** A scripted source, which also tells how many words were drawn from it. */
export interface ScriptedSource extends RandomSource {
  /** The words handed out so far. */
  readonly consumed: number;
}

/**
 * Creates a source that replays fixed words, the seam for exact tests: feeding `face − 1` makes
 * the kit's `rollFace` show that face on any die. Asking for more words than were given throws, so
 * a test also proves how much randomness a roll consumed.
 *
 * @param words - the unsigned 32-bit words to return, in order
 * @param kind - the generator family to report
 * @returns the source
 * @throws RangeError from `nextUint32` once the words are used up
 */
export function createScriptedSource(
  words: readonly number[],
  kind: RngKind = "crypto",
): ScriptedSource {
  let next = 0;
  return {
    kind,
    get consumed(): number {
      return next;
    },
    nextUint32(): number {
      const word = words[next];
      if (word === undefined) {
        throw new RangeError(`The scripted source ran out after ${words.length} words`);
      }
      next += 1;
      return word >>> 0;
    },
  };
}
