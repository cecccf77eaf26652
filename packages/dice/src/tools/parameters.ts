import { displayName, type ParameterProblem } from "@tabletop-mcp/kit";
import * as z from "zod";
import {
  AT_LEAST_LIMITS,
  checkRollDiceValues,
  findingsToProblems,
  LIMITS,
  MAX_NOTATION_LENGTH,
  ROLL_MULTIPLE_LIMITS,
  type RollDiceParams,
} from "../engine/index.js";

/**
 * The `roll_dice` fields (docs/dice.md §2), in parameter-table order. Fixed ranges are declared
 * here so that `tools/list` advertises them and the kit checks them; ranges that depend on other
 * arguments (keep/drop up to `dice_count`, faces up to `dice_sides`) and the cross-parameter
 * rules are {@link rollDiceRuleProblems}, which report the range computed for the request
 * (`keep_highest` with 4 dice → `1-4`).
 */
const rollDiceFields = {
  dice_count: z.int().min(1).max(LIMITS.maxDiceCount).describe("Number of dice to roll, 1-1000."),
  dice_sides: z
    .int()
    .min(1)
    .max(LIMITS.maxDiceSides)
    .describe("Faces per die, 1-100, numbered 1..dice_sides (100 for percentile dice)."),
  modifier: z
    .int()
    .min(-LIMITS.maxModifier)
    .max(LIMITS.maxModifier)
    .optional()
    .describe(
      "Added to the sum of the kept dice (or to the success count with target_number). Default 0.",
    ),
  keep_highest: z
    .int()
    .optional()
    .describe("Keep only the k highest dice, 1 to dice_count (advantage: 2d20 keep_highest 1)."),
  keep_lowest: z
    .int()
    .optional()
    .describe("Keep only the k lowest dice, 1 to dice_count (disadvantage: 2d20 keep_lowest 1)."),
  drop_highest: z.int().optional().describe("Drop the d highest dice, 1 to dice_count - 1."),
  drop_lowest: z.int().optional().describe("Drop the d lowest dice, 1 to dice_count - 1."),
  reroll: z
    .array(z.int())
    .max(LIMITS.maxRerollEntries)
    .optional()
    .describe(
      "Faces (each 1 to dice_sides, at most 100 entries) that make a die roll once more; the second roll stands. Not every face.",
    ),
  exploding: z
    .boolean()
    .optional()
    .describe(
      "A die showing its maximum rolls again and adds, up to 100 extra rolls; it stays one die. Not on a d1.",
    ),
  target_number: z
    .int()
    .optional()
    .describe(
      "Count kept dice with value >= this instead of summing: 1 to dice_sides (up to 101 x dice_sides when exploding).",
    ),
  min_value: z
    .int()
    .optional()
    .describe("Each die's final value is at least this, 1 to dice_sides."),
  label: displayName(z.string().min(1).max(LIMITS.maxLabelLength))
    .optional()
    .describe(
      'Optional name echoed as result.label, e.g. "attack" or "damage" (1-100 characters).',
    ),
};

/** `roll_dice` arguments as one strict object (also each item of `roll_multiple`). */
export const rollDiceInput = z.strictObject(rollDiceFields);

/**
 * The engine's `roll_dice` rules (docs/dice.md §2.2), as the check of a kit cross-field rule
 * that reads no parameter in particular: the engine skips each check whose arguments are absent,
 * which is how the kit hands over those that failed the schema, so that a range mistake and a
 * rule mistake come back in one answer.
 *
 * @param fields - the `roll_dice` parameters that passed the schema
 * @returns the problems, in parameter-table order
 */
export function rollDiceRuleProblems(fields: Partial<RollDiceParams>): ParameterProblem[] {
  return findingsToProblems(checkRollDiceValues(fields));
}

/** `roll_multiple` arguments (docs/dice.md §5); the length of `rolls` is checked with its items. */
export const rollMultipleInput = z.strictObject({
  rolls: z
    .array(rollDiceInput)
    .describe(
      `1-${ROLL_MULTIPLE_LIMITS.maxRolls} roll_dice configurations, rolled in order. At most ${ROLL_MULTIPLE_LIMITS.maxTotalDice} dice in total (sum of dice_count times count).`,
    ),
  count: z
    .int()
    .min(1)
    .max(ROLL_MULTIPLE_LIMITS.maxCount)
    .optional()
    .describe("How many times to roll the whole set, 1-100. Default 1."),
});

/** `roll` arguments (docs/dice.md §6). */
export const rollInput = z.strictObject({
  notation: z
    .string()
    .min(1)
    .max(MAX_NOTATION_LENGTH)
    .describe(
      "One dice group in standard notation, e.g. 1d20+5, 4d6kh3, 2d20kl1, 5d10>=8, 3d6!, 4d6r1, 4d6min2, d%.",
    ),
  label: rollDiceFields.label,
});

const { label: _label, ...probabilityFields } = rollDiceFields;

/** `dice_probability` arguments (docs/dice.md §9): `roll_dice` without `label`, plus `at_least`. */
export const diceProbabilityInput = z.strictObject({
  ...probabilityFields,
  at_least: z
    .array(z.int().min(-AT_LEAST_LIMITS.maxMagnitude).max(AT_LEAST_LIMITS.maxMagnitude))
    .max(AT_LEAST_LIMITS.maxEntries)
    .optional()
    .describe("Thresholds x (at most 50) for which P(total >= x) is reported, in this order."),
});
