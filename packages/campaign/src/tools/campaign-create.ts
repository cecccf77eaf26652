import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { createCampaign } from "../commands/create-campaign.js";
import { GM_MODES } from "../domain/records.js";
import { runCommand } from "./run-command.js";
import { campaignNameParameter, campaignOutput, themePromptParameter } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  name: campaignNameParameter,
  gm_mode: z.enum(GM_MODES).describe("Who runs the game: HUMAN, AI or HYBRID"),
  theme_prompt: themePromptParameter.optional(),
});

/**
 * `campaign_create` (docs/campaign.md §4.2).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function campaignCreateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "campaign_create",
    title: "Create a campaign",
    description:
      "Creates a campaign with no characters and GM Fear 0, owned by the caller, who is its GM: over an authenticated connection a GM participant linked to the caller is created with it (participant_count 1); the local user of stdio or an unauthenticated server gets none. Returns the campaign record; pass its id to set_context to make it the default for later calls.",
    input,
    output: campaignOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, async () =>
        createCampaign(
          dependencies.environment,
          args,
          (await callerOf(dependencies, context)).actor,
        ),
      ),
  });
}
