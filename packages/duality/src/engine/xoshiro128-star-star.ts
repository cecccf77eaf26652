import {
  MAX_REPLAY_SEED_LENGTH,
  replaySeedLength,
  replaySeedState,
  type Xoshiro128State,
} from "@tabletop-mcp/kit/replay";
import { DualityError } from "./duality-error.js";

export { createXoshiro128StarStar, type Xoshiro128State } from "@tabletop-mcp/kit/replay";

/** Longest accepted replay seed, in characters (dice.md §7). */
export const MAX_SEED_LENGTH = MAX_REPLAY_SEED_LENGTH;

/**
 * Derives the generator state from a replay seed as dice.md §7 prescribes (the kit's
 * derivation), after checking its length.
 *
 * @param seed - a non-empty string of at most {@link MAX_SEED_LENGTH} characters
 * @returns the initial state
 * @throws DualityError `INVALID_SEED` for an empty or too long seed
 */
export function seedStateFromString(seed: string): Xoshiro128State {
  const length = replaySeedLength(seed);
  if (length === 0 || length > MAX_SEED_LENGTH) {
    throw new DualityError(
      "INVALID_SEED",
      `A seed must have 1 to ${MAX_SEED_LENGTH} characters, got ${length}`,
    );
  }
  return replaySeedState(seed);
}
