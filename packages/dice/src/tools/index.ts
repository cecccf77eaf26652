import type { Tool } from "@tabletop-mcp/kit";
import type { DiceToolDependencies } from "./dependencies.js";
import { createDiceProbabilityTool } from "./dice-probability.js";
import { createRollTool } from "./roll.js";
import { createRollDiceTool } from "./roll-dice.js";
import { createRollMultipleTool } from "./roll-multiple.js";
import { createRollTableTool } from "./roll-table.js";

export type { DiceToolDependencies } from "./dependencies.js";

/**
 * Every dice tool, in the order docs/dice.md lists them, then `roll_table`.
 *
 * @param dependencies - the dice, clock and named tables of one server instance
 * @returns the tools to register
 */
export function createDiceTools(dependencies: DiceToolDependencies): Tool[] {
  return [
    createRollDiceTool(dependencies),
    createRollMultipleTool(dependencies),
    createRollTool(dependencies),
    createDiceProbabilityTool(dependencies),
    createRollTableTool(dependencies),
  ];
}
