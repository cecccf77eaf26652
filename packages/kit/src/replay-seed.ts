import * as z from "zod";

/** The longest replay seed a server accepts, in characters (code points). */
export const MAX_REPLAY_SEED_LENGTH = 256;

/**
 * The `seed` option of a server's JSON-expressible options: 1 to 256 characters, counted as
 * code points so that a seed of emoji is measured as a person would count it. Optional.
 */
export const replaySeedOption = z
  .string()
  .refine((seed) => {
    const length = [...seed].length;
    return length >= 1 && length <= MAX_REPLAY_SEED_LENGTH;
  }, `must be 1-${MAX_REPLAY_SEED_LENGTH} characters`)
  .optional();
