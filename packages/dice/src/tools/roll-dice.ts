import { defineTool, type Tool } from "@tabletop-mcp/kit";
import { respondToRollDice } from "../engine/index.js";
import {
  COMMON_TRANSLATIONS,
  type DiceToolDependencies,
  INTERNAL_ERROR_MESSAGE,
  READING_A_ROLL,
  ROLLING_HINTS,
  valueOrInvalid,
} from "./dependencies.js";
import { rollDiceInput, rollDiceRuleProblems } from "./parameters.js";
import { rollDiceOutput } from "./result-schemas.js";

/**
 * `roll_dice` (docs/dice.md §2-4): one dice group with keep/drop, reroll, exploding,
 * target number and minimum options.
 *
 * @param dependencies - the instance's dice, clock and tables
 * @returns the tool
 */
export function createRollDiceTool(dependencies: DiceToolDependencies): Tool {
  return defineTool({
    name: "roll_dice",
    title: "Roll dice",
    description: `Rolls one group of identical dice fairly and shows every die. Use it for any single roll at the table: attacks, damage, saves, checks, initiative. Options: modifier; keep_highest/keep_lowest/drop_highest/drop_lowest (at most one); reroll (faces rerolled once); exploding (max face rolls again and adds); target_number (count successes instead of summing); min_value. For several different rolls at once use roll_multiple; if you already have notation such as 4d6kh3, use roll; for the odds rather than a roll use dice_probability. ${COMMON_TRANSLATIONS} ${READING_A_ROLL}`,
    input: rollDiceInput,
    output: rollDiceOutput,
    annotations: ROLLING_HINTS,
    scope: "tabletop:play",
    // 1,000 dice, each shown with its rolls, answer about 80 KB; exploding dice add rolls.
    maxAnswerBytes: 1_048_576,
    internalErrorMessage: INTERNAL_ERROR_MESSAGE,
    crossFieldRules: [{ reads: [], check: rollDiceRuleProblems }],
    handler: (args, context) =>
      valueOrInvalid(
        respondToRollDice(
          args,
          dependencies.random,
          dependencies.now().toISOString(),
          context.rawArguments,
        ),
      ),
  });
}
