import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { createCampaign } from "../commands/create-campaign.js";
import { GM_MODES } from "../domain/records.js";
import { runCommand } from "./run-command.js";
import { campaignOutput, textParameter } from "./schemas.js";
import type { ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  name: textParameter(1, 200, "Campaign name"),
  gm_mode: z.enum(GM_MODES).describe("Who runs the game: HUMAN, AI or HYBRID"),
  theme_prompt: textParameter(0, 4000, "Setting and tone, free text").optional(),
});

/**
 * `campaign_create` (campaign.md §4.2).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function campaignCreateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "campaign_create",
    title: "Create a campaign",
    description:
      "Creates a campaign with no participants, no characters and GM Fear 0. Returns the campaign record; pass its id to set_context to make it the default for later calls.",
    input,
    output: campaignOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(context, () => createCampaign(dependencies.environment, args)),
  });
}
