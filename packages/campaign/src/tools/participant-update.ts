import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { updateParticipant } from "../commands/update-participant.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  displayNameParameter,
  idParameter,
  nothingToChangeProblems,
  participantOutput,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  participant_id: idParameter("Seat to change (part_…)"),
  display_name: displayNameParameter.optional(),
});

/**
 * `participant_update` (docs/campaign.md §4.18).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function participantUpdateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "participant_update",
    title: "Rename a seat",
    description:
      "Sets a seat's display_name. The GM may rename every seat of the campaign, a player only their own. A name equal to the current one changes nothing. Logged as PARTICIPANT_UPDATED in the active session, if there is one. Returns the participant record.",
    input,
    output: participantOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true },
    scope: "campaign:write",
    checkArguments: (args) => nothingToChangeProblems(args, ["display_name"]),
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          updateParticipant(dependencies.environment, caller, input),
        ),
      ),
  });
}
