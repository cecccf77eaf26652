import type { Tool } from "@tabletop-mcp/kit";
import type { DieRoller } from "../engine/index.js";
import { createActionRollTool } from "./action-roll.js";
import { damageResolveTool } from "./damage-resolve.js";
import { explainTool } from "./explain.js";
import { outcomeTool } from "./outcome.js";
import { probabilityTool } from "./probability.js";
import { reactionOutcomeTool } from "./reaction-outcome.js";
import { createReactionRollTool } from "./reaction-roll.js";
import { rulesVersionTool } from "./rules-version.js";

/**
 * Every Duality tool, in the order docs/duality.md lists them; the two rolling tools draw from
 * `rollDie`.
 *
 * @param rollDie - the die roller of one server instance
 * @returns the tools to register
 */
export function createDualityTools(rollDie: DieRoller): Tool[] {
  return [
    rulesVersionTool,
    createActionRollTool(rollDie),
    outcomeTool,
    explainTool,
    probabilityTool,
    createReactionRollTool(rollDie),
    reactionOutcomeTool,
    damageResolveTool,
  ];
}
