import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { setCharacterControl } from "../commands/set-character-control.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, contextHandleParameter, idParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  character_id: idParameter("Character to assign (char_…)"),
  controller: idParameter("GM (any letter case) for GM control, or a participant id (part_…)"),
});

const output = z.object({
  campaign_id: z.string(),
  character_id: z.string(),
  controller: z.string(),
});

/**
 * `character_control_set` (docs/campaign.md §4.5).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function characterControlSetTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "character_control_set",
    title: "Assign a character's controller",
    description:
      "Sets who controls a character by default: the GM or a participant of the same campaign. Only the GM may. Returns the assignment.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          setCharacterControl(dependencies.environment, caller, input),
        ),
      ),
  });
}
