import * as z from "zod";
import type { ExtraFlag } from "./cli/flags.js";
import { isReplaySeed, MAX_REPLAY_SEED_LENGTH, replaySeedLength } from "./random/seeded-source.js";

export { MAX_REPLAY_SEED_LENGTH };

const ACCEPTED = `must be 1-${MAX_REPLAY_SEED_LENGTH} characters`;

/**
 * The `seed` option of a server's JSON-expressible options: 1 to 256 characters, counted as
 * code points so that a seed of emoji is measured as a person would count it. Optional.
 */
export const replaySeedOption = z.string().refine(isReplaySeed, ACCEPTED).optional();

/**
 * The JSON-expressible options of a server whose only such option is its replay seed (the dice
 * and Duality servers): what a config file may set for it. Strict: unknown keys are refused.
 */
export const seedOnlyServerOptions = z.strictObject({ seed: replaySeedOption });

/**
 * The `--seed` flag of a server, with the same rule as {@link replaySeedOption}.
 *
 * @param env - the environment variable read when the flag is absent
 * @param description - the `--help` text
 */
export function replaySeedFlag(env: string, description: string): ExtraFlag {
  return {
    name: "seed",
    value: "S",
    env,
    description,
    parse: (raw) => {
      if (!isReplaySeed(raw)) throw new Error(`${ACCEPTED} (got ${replaySeedLength(raw)})`);
      return raw;
    },
  };
}
