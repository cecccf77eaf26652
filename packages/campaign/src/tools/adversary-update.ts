import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { updateAdversary } from "../commands/update-adversary.js";
import { adversaryOutput, statBlockChanges } from "./adversary-schemas.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  idParameter,
  nothingToChangeProblems,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  adversary_id: idParameter("The stat block's id (adv_…)"),
  ...statBlockChanges,
});

const CHANGEABLE = Object.keys(statBlockChanges) as [string, ...string[]];

/**
 * `adversary_update` (docs/campaign.md §4.22).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function adversaryUpdateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "adversary_update",
    title: "Change an adversary stat block",
    description:
      "Sets fields of a stat block (give at least one; lists such as features are replaced whole; null clears thresholds, minion_overflow or horde_damage). The block that results must hold every rule adversary_define checks, so a change of type brings the fields that type needs. GM only. Values equal to the current ones change nothing. Logged as a GM-only ADVERSARY_UPDATED in the active session, if any. Returns the whole stat block.",
    input,
    output: adversaryOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true },
    scope: "campaign:write",
    checkArguments: (args) => nothingToChangeProblems(args, CHANGEABLE),
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, { campaign_id, adversary_id, ...changes }) =>
          updateAdversary(dependencies.environment, caller, {
            campaign_id,
            adversary_id,
            changes,
          }),
        ),
      ),
  });
}
