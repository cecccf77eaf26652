import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { type DieRoller, rollReaction } from "../engine/index.js";
import { parameters, RANDOM_HINTS } from "./parameters.js";
import { REACTION_GUIDE } from "./reaction-guide.js";
import { reactionResultSchema } from "./result-schemas.js";

const input = z.strictObject({
  difficulty: parameters.requiredDifficulty,
  modifier: parameters.modifier.optional(),
  advantage: parameters.advantage.optional(),
  disadvantage: parameters.disadvantage.optional(),
});

/**
 * `duality_reaction_roll` (docs/duality.md §5.2): rolls a reaction roll against a difficulty.
 *
 * @param rollDie - the session's die roller
 * @returns the tool
 */
export function createReactionRollTool(rollDie: DieRoller): Tool {
  return defineTool({
    name: "duality_reaction_roll",
    title: "Roll a Duality reaction roll",
    description: `Rolls a Daggerheart reaction roll: the Hope and Fear d12s plus the modifier, plus or minus one d6 when advantage and disadvantage do not cancel out, against a required difficulty. Use it when a character must resist or avoid something (a trap, a spell, an adversary's effect) and the server should roll; use duality_reaction_outcome when the dice are already known, and duality_action_roll for actions. ${REACTION_GUIDE}`,
    input,
    output: reactionResultSchema,
    annotations: RANDOM_HINTS,
    scope: "tabletop:play",
    handler: (args) => rollReaction(args, rollDie),
  });
}
