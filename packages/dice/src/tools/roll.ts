import { defineTool, type ParameterProblem, type Tool } from "@tabletop-mcp/kit";
import { respondToRoll, validateRoll } from "../engine/index.js";
import {
  type DiceToolDependencies,
  INTERNAL_ERROR_MESSAGE,
  READING_A_ROLL,
  ROLLING_HINTS,
  valueOrInvalid,
} from "./dependencies.js";
import { rollInput } from "./parameters.js";
import { rollOutput } from "./result-schemas.js";

/**
 * `roll` (docs/dice.md §6): one dice group written in standard notation, mapped onto `roll_dice`.
 *
 * @param dependencies - the instance's dice, clock and tables
 * @returns the tool
 */
export function createRollTool(dependencies: DiceToolDependencies): Tool {
  return defineTool({
    name: "roll",
    title: "Roll dice notation",
    description: `Rolls one dice group written in standard notation, when a player or a rulebook gives you the roll as text. Grammar: [count]d<sides or %> then any of kh<k>/k<k> keep highest, kl<k> keep lowest, dh<d> drop highest, dl<d>/d<d> drop lowest, ! exploding, r<face>, r{1,2} or r<3 reroll once, min<m> minimum per die, >=<t> or ><t> count successes, +<m>/-<m> modifier. Examples: 1d20+5 (initiative with Dex +5), 2d20kh1 (advantage), 2d20kl1 (disadvantage), 4d6kh3 (ability score), d% (Call of Cthulhu skill check: compare with the skill), 5d10>=8 (dice pool), 3d6!, 4d6r1, 4d6min2. One group per call: for 1d20+1d4 use roll_multiple. A mistake comes back with the 1-based position of the offending character. The answer is roll_dice's plus result.notation and metadata.interpreted_as (the roll_dice arguments it meant). ${READING_A_ROLL}`,
    input: rollInput,
    output: rollOutput,
    annotations: ROLLING_HINTS,
    scope: "tabletop:play",
    // 1,000 dice, each shown with its rolls, answer about 80 KB; exploding dice add rolls.
    maxAnswerBytes: 1_048_576,
    internalErrorMessage: INTERNAL_ERROR_MESSAGE,
    crossFieldRules: [{ reads: ["notation"], check: notationProblems }],
    handler: (args, context) =>
      valueOrInvalid(
        respondToRoll(
          args,
          dependencies.random,
          dependencies.now().toISOString(),
          context.rawArguments,
        ),
      ),
  });
}

/** Mistakes in the notation, each at its position; a label is not needed to find them. */
function notationProblems({ notation = "" }: { notation?: string }): ParameterProblem[] {
  const validation = validateRoll({ notation });
  return validation.ok ? [] : validation.problems;
}
