import * as z from "zod";
import { DUALITY_OUTCOMES, PARAMETER_RANGES, REACTION_OUTCOMES } from "../engine/index.js";

const dualityDie = z.int().min(PARAMETER_RANGES.hope.min).max(PARAMETER_RANGES.hope.max);
const extraDie = z
  .int()
  .min(PARAMETER_RANGES.advantage_die.min)
  .max(PARAMETER_RANGES.advantage_die.max);

/** The dice and totals every action and reaction result starts with. */
const rollFields = {
  hope: dualityDie.describe("The Hope die."),
  fear: dualityDie.describe("The Fear die."),
  modifier: z.int().describe("The modifier applied (0 when none was given)."),
};

/** The d6 keys: present only when the roll carried that die. */
const extraDieFields = {
  advantage_die: extraDie.optional().describe("The advantage d6 added; only with net advantage."),
  disadvantage_die: extraDie
    .optional()
    .describe("The disadvantage d6 subtracted; only with net disadvantage."),
};

/** Output of `duality_action_roll` and `duality_outcome` (docs/duality.md §3.2). */
export const actionResultShape = {
  ...rollFields,
  difficulty: z.int().optional().describe("The difficulty; absent when none was given."),
  ...extraDieFields,
  total: z
    .int()
    .describe("hope + fear + modifier, plus the advantage d6 or minus the disadvantage d6."),
  is_crit: z.boolean().describe("True when Hope equals Fear: a critical success."),
  meets_difficulty: z
    .boolean()
    .describe("True when total >= difficulty or on a crit; always false without a difficulty."),
  outcome: z.enum(DUALITY_OUTCOMES).describe("The classified outcome."),
};

/** The schema of {@link actionResultShape}. */
export const actionResultSchema = z.object(actionResultShape);

/** Output of `duality_reaction_roll` and `duality_reaction_outcome` (docs/duality.md §5.2). */
export const reactionResultSchema = z.object({
  ...rollFields,
  difficulty: z.int().describe("The difficulty."),
  ...extraDieFields,
  total: z
    .int()
    .describe("hope + fear + modifier, plus the advantage d6 or minus the disadvantage d6."),
  is_crit: z.boolean().describe("True when Hope equals Fear."),
  success: z.boolean().describe("True when total >= difficulty or on a crit."),
  outcome: z.enum(REACTION_OUTCOMES).describe("CRITICAL_SUCCESS, SUCCESS or FAILURE."),
});
