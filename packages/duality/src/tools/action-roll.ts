import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { type DieRoller, rollAction } from "../engine/index.js";
import { OUTCOME_GUIDE } from "./outcome-guide.js";
import { parameters, RANDOM_HINTS } from "./parameters.js";
import { actionResultSchema } from "./result-schemas.js";

const input = z.strictObject({
  modifier: parameters.modifier.optional(),
  difficulty: parameters.difficulty.optional(),
  advantage: parameters.advantage.optional(),
  disadvantage: parameters.disadvantage.optional(),
});

/**
 * `duality_action_roll` (docs/duality.md §3.2): rolls the Hope and Fear d12s, and one d6 when net
 * advantage is not zero, then classifies the roll.
 *
 * @param rollDie - the session's die roller
 * @returns the tool
 */
export function createActionRollTool(rollDie: DieRoller): Tool {
  return defineTool({
    name: "duality_action_roll",
    title: "Roll a Duality action roll",
    description: `Rolls a Daggerheart action roll for a player character: the Hope d12 and the Fear d12, added to the modifier, plus one advantage d6 or minus one disadvantage d6 when the advantage and disadvantage counts do not cancel out. Use it when a player acts under pressure and you want the server to roll; if the dice were rolled at the table, use duality_outcome instead, and use duality_reaction_roll for reaction rolls. Give a difficulty to learn success or failure; without one only Hope or Fear is reported. Result: the dice, total, is_crit, meets_difficulty and outcome. ${OUTCOME_GUIDE}`,
    input,
    output: actionResultSchema,
    annotations: RANDOM_HINTS,
    scope: "tabletop:play",
    handler: (args) => rollAction(args, rollDie),
  });
}
