import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { defineAdversary } from "../commands/define-adversary.js";
import { statBlockProblems } from "../domain/adversaries.js";
import { adversaryOutput, statBlockFields, statBlockOf } from "./adversary-schemas.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, contextHandleParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  ...statBlockFields,
});

/**
 * `adversary_define` (docs/campaign.md §4.21).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function adversaryDefineTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "adversary_define",
    title: "Define an adversary stat block",
    description:
      "Keeps an adversary stat block the GM supplies (typed, or from their own books) in the campaign: name, tier 1-4, type, difficulty, thresholds {major, severe} (every type but MINION; a MINION has none and needs minion_overflow), hp_max, stress_max, attack {modifier, range, damage in dice notation such as 1d12+2, damage_type}, up to 8 experiences and 16 features; a HORDE needs horde_damage. GM only: players never see stat blocks. Logged as a GM-only ADVERSARY_DEFINED in the active session, if any. Returns the stat block with its id (adv_…). Many at once: adversary_import.",
    input,
    output: adversaryOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    checkArguments: (args) => statBlockProblems(statBlockOf(args)),
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, { campaign_id, ...fields }) =>
          defineAdversary(dependencies.environment, caller, {
            campaign_id,
            block: statBlockOf(fields),
          }),
        ),
      ),
  });
}
