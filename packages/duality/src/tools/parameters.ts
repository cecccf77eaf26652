import * as z from "zod";
import {
  checkExtraDieExclusivity,
  checkThresholdOrder,
  PARAMETER_RANGES,
  REQUEST_ID_LENGTH,
} from "../engine/index.js";

type RangedParameter = keyof typeof PARAMETER_RANGES;

function rangedInteger(parameter: RangedParameter, description: string) {
  const { min, max } = PARAMETER_RANGES[parameter];
  return z.int().min(min).max(max).describe(description);
}

/** The input fields the Duality tools share (docs/duality.md §2.1), each with its range. */
export const parameters = {
  hope: rangedInteger("hope", "The Hope die as rolled, 1-12."),
  fear: rangedInteger("fear", "The Fear die as rolled, 1-12."),
  modifier: rangedInteger(
    "modifier",
    "Flat modifier added to the dice: the trait plus any bonuses, and the sum of Help an Ally dice. Default 0.",
  ),
  difficulty: rangedInteger(
    "difficulty",
    "Difficulty the total must meet or beat. Omit it for a roll with no difficulty (only Hope or Fear is reported).",
  ),
  requiredDifficulty: rangedInteger(
    "difficulty",
    "Difficulty the total must meet or beat (the reaction roll's difficulty, e.g. the adversary's attack).",
  ),
  advantage: rangedInteger(
    "advantage",
    "Number of advantage sources. Advantage and disadvantage cancel one for one; any net advantage adds one d6. Default 0.",
  ),
  disadvantage: rangedInteger(
    "disadvantage",
    "Number of disadvantage sources. Any net disadvantage subtracts one d6. Default 0.",
  ),
  advantageDie: rangedInteger(
    "advantage_die",
    "The advantage d6 as rolled (1-6), added to the total. Not together with disadvantage_die.",
  ),
  disadvantageDie: rangedInteger(
    "disadvantage_die",
    "The disadvantage d6 as rolled (1-6), subtracted from the total. Not together with advantage_die.",
  ),
  requestId: z
    .string()
    .min(REQUEST_ID_LENGTH.min)
    .max(REQUEST_ID_LENGTH.max)
    .describe(
      "Optional correlation id for your own logs; it does not change the result and is not echoed.",
    ),
};

/**
 * At most one of `advantage_die` and `disadvantage_die`: a cross-field rule of every tool that
 * takes known dice, reported with any range mistake of the same call.
 */
export const EXTRA_DIE_RULE = {
  reads: ["advantage_die", "disadvantage_die"],
  check: checkExtraDieExclusivity,
} as const;

/** `severe_threshold` is not below `major_threshold`: the cross-field rule of damage. */
export const THRESHOLD_ORDER_RULE = {
  reads: ["major_threshold", "severe_threshold"],
  check: checkThresholdOrder,
} as const;

/** Annotations of the tools that only compute: same input, same answer. */
export const DETERMINISTIC_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
} as const;

/** Annotations of the tools that roll dice: nothing changes, but every call rolls anew. */
export const RANDOM_HINTS = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: false,
} as const;
