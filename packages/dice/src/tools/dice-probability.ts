import { defineTool, type Tool } from "@tabletop-mcp/kit";
import {
  checkProbabilityWork,
  ROLL_DICE_PARAMETER_NAMES,
  type RollDiceParams,
  respondToDiceProbability,
} from "../engine/index.js";
import {
  COMPUTING_HINTS,
  type DiceToolDependencies,
  INTERNAL_ERROR_MESSAGE,
  valueOrInvalid,
} from "./dependencies.js";
import { diceProbabilityInput, rollDiceRuleProblems } from "./parameters.js";
import { diceProbabilityOutput } from "./result-schemas.js";

/** The `roll_dice` parameters `dice_probability` takes: all but `label`. */
const ROLL_PARAMETERS = ROLL_DICE_PARAMETER_NAMES.filter(
  (name): name is Exclude<typeof name, "label"> => name !== "label",
);

/**
 * `dice_probability` (docs/dice.md §9): the exact distribution of the total a `roll_dice` call with
 * the same parameters would give.
 *
 * @param dependencies - the instance's clock
 * @returns the tool
 */
export function createDiceProbabilityTool(dependencies: Pick<DiceToolDependencies, "now">): Tool {
  return defineTool({
    name: "dice_probability",
    title: "Exact odds of a roll",
    description: `Computes, without rolling, the exact probability distribution of the total a roll_dice call with the same parameters would give (keep/drop, reroll, capped explosions, minimum and target numbers included). Use it to answer "what are my odds?" or to compare options: P(2d20kh1 >= 15) with {"dice_count":2,"dice_sides":20,"keep_highest":1,"at_least":[15]}. Takes roll_dice's parameters (no label) plus at_least, a list of thresholds. Read result.min/max/mean/stddev, percentiles (p5..p95), at_least[] (P(total >= value) in the order asked), distribution[] (every total with p and p_at_least, when there are at most 201 totals) and, with target_number, successes.distribution. Probabilities are exact up to floating point. Very large configurations (e.g. 1000d100) are refused with an estimate of the work; use fewer dice or sides.`,
    input: diceProbabilityInput,
    output: diceProbabilityOutput,
    annotations: COMPUTING_HINTS,
    scope: "tabletop:play",
    internalErrorMessage: INTERNAL_ERROR_MESSAGE,
    crossFieldRules: [
      { reads: [], check: rollDiceRuleProblems },
      {
        reads: ROLL_PARAMETERS,
        // Every roll parameter passed, so dice_count and dice_sides, the required ones, are here.
        check: ({ at_least: _thresholds, ...roll }) => checkProbabilityWork(roll as RollDiceParams),
      },
    ],
    handler: (args, context) =>
      valueOrInvalid(
        respondToDiceProbability(args, dependencies.now().toISOString(), context.rawArguments),
      ),
  });
}
