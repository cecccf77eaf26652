import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { updateCampaign } from "../commands/update-campaign.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  campaignNameParameter,
  campaignOutput,
  contextHandleParameter,
  nothingToChangeProblems,
  themePromptParameter,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  name: campaignNameParameter.optional(),
  theme_prompt: themePromptParameter.optional(),
});

/**
 * `campaign_update` (docs/campaign.md §4.17).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function campaignUpdateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "campaign_update",
    title: "Rename a campaign or change its theme",
    description:
      "Sets a campaign's name and/or theme_prompt (give at least one; an empty theme_prompt clears it). Only the campaign's GM may. Values equal to the current ones change nothing. Logged as CAMPAIGN_UPDATED in the active session, if there is one. Returns the campaign record.",
    input,
    output: campaignOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true },
    scope: "campaign:write",
    checkArguments: (args) => nothingToChangeProblems(args, ["name", "theme_prompt"]),
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          updateCampaign(dependencies.environment, caller, input),
        ),
      ),
  });
}
