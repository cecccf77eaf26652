import { InvalidParametersError } from "@tabletop-mcp/kit";
import type { RandomSource } from "@tabletop-mcp/kit/random";
import type { RandomTable, Validation } from "../engine/index.js";

/** What the tools of one server instance share. */
export interface DiceToolDependencies {
  /** The dice of this instance; each server (each HTTP session) has its own. */
  readonly random: RandomSource;
  /** The clock behind `metadata.timestamp`. */
  readonly now: () => Date;
  /** Tables that `roll_table` finds by name. */
  readonly tables: ReadonlyMap<string, RandomTable>;
}

/**
 * The value of an engine answer, or the kit's `Invalid parameters provided` error carrying the
 * engine's problems (with `position` for notation, as docs/dice.md §6.3 specifies).
 *
 * @param validation - what an engine `respondTo…` function returned
 * @throws InvalidParametersError with every problem the engine found
 */
export function valueOrInvalid<T>(validation: Validation<T>): T {
  if (!validation.ok) throw new InvalidParametersError(validation.problems);
  return validation.value;
}

/** Annotations of the rolling tools: nothing changes, but every call rolls anew (docs/dice.md §1). */
export const ROLLING_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: false,
} as const;

/** Annotations of `dice_probability`: same arguments, same answer. */
export const COMPUTING_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
} as const;

/** The message of an unexpected failure in any dice tool (docs/dice.md §8). */
export const INTERNAL_ERROR_MESSAGE = "Internal error while rolling dice";

/** How to read a roll's answer; shared by the rolling tools' descriptions. */
export const READING_A_ROLL =
  "Read result.total (or result.successes when target_number is set); operation gives the roll in standard notation and description in words; dice[] shows every die with its rolls, final value, kept flag and special (rerolled, exploded, capped, min_applied, success) so you can show the work and spot natural 1s and 20s (a d20's rolls[0] before any modifier).";

/** Everyday requests at the table and the calls that make them, so a model need not guess. */
export const COMMON_TRANSLATIONS =
  'Common translations: initiative (D&D) = {"dice_count":1,"dice_sides":20,"modifier":<Dex mod>}; attack with advantage = {"dice_count":2,"dice_sides":20,"keep_highest":1} (disadvantage: keep_lowest 1); ability scores = roll_multiple {"rolls":[{"dice_count":4,"dice_sides":6,"keep_highest":3}],"count":6}; Call of Cthulhu skill check = {"dice_count":1,"dice_sides":100}, then compare the total with the skill value (at or under succeeds, at or under half is a hard success, a fifth an extreme success); dice pools (World of Darkness) = {"dice_count":5,"dice_sides":10,"target_number":8}.';
