import { defineTool, type Tool } from "@tabletop-mcp/kit";
import { checkRolls, checkTotalDice, respondToRollMultiple } from "../engine/index.js";
import {
  type DiceToolDependencies,
  INTERNAL_ERROR_MESSAGE,
  READING_A_ROLL,
  ROLLING_HINTS,
  valueOrInvalid,
} from "./dependencies.js";
import { rollMultipleInput } from "./parameters.js";
import { rollMultipleOutput } from "./result-schemas.js";

/**
 * `roll_multiple` (docs/dice.md §5): a batch of `roll_dice` configurations, optionally
 * repeated, in one call.
 *
 * @param dependencies - the instance's dice, clock and tables
 * @returns the tool
 */
export function createRollMultipleTool(dependencies: DiceToolDependencies): Tool {
  return defineTool({
    name: "roll_multiple",
    title: "Roll several dice groups",
    description: `Rolls a batch of roll_dice configurations in one call, optionally repeating the whole set count times. Use it when one action needs several rolls (attack and damage: {"rolls":[{"dice_count":1,"dice_sides":20,"modifier":5,"label":"attack"},{"dice_count":1,"dice_sides":8,"modifier":3,"label":"damage"}]}) or the same roll many times (ability scores: {"rolls":[{"dice_count":4,"dice_sides":6,"keep_highest":3}],"count":6}; a group of goblins' initiative). Each item takes exactly the roll_dice parameters. Limits: 1-50 configurations, count 1-100, at most 10,000 dice in total. results[] is flat in rolling order: every configuration of set 1, then set 2, ...; each result carries set (1..count) and index (its position in rolls). Each result reads like roll_dice's: ${READING_A_ROLL}`,
    input: rollMultipleInput,
    output: rollMultipleOutput,
    annotations: ROLLING_HINTS,
    scope: "tabletop:play",
    // 10,000 dice, each shown with its rolls, answer about 770 KB; exploding dice add rolls.
    maxAnswerBytes: 4_194_304,
    internalErrorMessage: INTERNAL_ERROR_MESSAGE,
    crossFieldRules: [
      { reads: ["rolls"], check: ({ rolls = [] }) => checkRolls(rolls) },
      {
        reads: ["rolls", "count"],
        check: ({ rolls = [], count = 1 }) => checkTotalDice(rolls, count),
      },
    ],
    handler: (args, context) =>
      valueOrInvalid(
        respondToRollMultiple(
          args,
          dependencies.random,
          dependencies.now().toISOString(),
          context.rawArguments,
        ),
      ),
  });
}
