import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { rollActionInSession } from "../commands/roll-action.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  idParameter,
  nameParameter,
  sessionIdParameter,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  session_id: sessionIdParameter,
  character_id: idParameter("Character who rolls (char_…)"),
  trait: nameParameter(1, 32, "Trait rolled with, e.g. agility (case-insensitive)"),
  difficulty: z.int().min(0).max(100).describe("Difficulty the total must meet"),
  modifiers: z
    .array(
      z.strictObject({
        source: nameParameter(1, 64, "Where the bonus comes from, e.g. an Experience"),
        value: z.int().min(-20).max(20).describe("Bonus (negative for a penalty)"),
      }),
    )
    .max(20)
    .describe("Bonuses besides the trait, e.g. Experiences")
    .optional(),
  advantage: z
    .int()
    .min(0)
    .max(10)
    .describe("Advantage sources (net of disadvantage: +d6)")
    .optional(),
  disadvantage: z
    .int()
    .min(0)
    .max(10)
    .describe("Disadvantage sources (net of advantage: -d6)")
    .optional(),
});

const output = z.object({
  roll_seq: z.int(),
  hope_die: z.int(),
  fear_die: z.int(),
  advantage_die: z.int().optional(),
  disadvantage_die: z.int().optional(),
  total: z.int(),
  difficulty: z.int(),
  success: z.boolean(),
  flavor: z.enum(["HOPE", "FEAR"]),
  crit: z.boolean(),
});

/**
 * `session_action_roll` (docs/campaign.md §4.11).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionActionRollTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_action_roll",
    title: "Roll an action for a character",
    description:
      "Rolls the Duality Dice (Hope d12, Fear d12, plus a d6 for net advantage/disadvantage) for a character's trait in the active session: total = dice + trait + modifiers. Matching dice are a critical success; flavor is FEAR when the Fear die is higher. Changes no state: pass the returned roll_seq to session_roll_outcome_apply to apply the Hope/Fear effects. The GM may roll for every character, a player only for those their seat controls.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          rollActionInSession(dependencies.environment, caller, input),
        ),
      ),
  });
}
