import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { createParticipant } from "../commands/create-participant.js";
import { PARTICIPANT_CONTROLLERS, PARTICIPANT_ROLES } from "../domain/records.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  displayNameParameter,
  participantOutput,
  subjectParameter,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  display_name: displayNameParameter,
  role: z.enum(PARTICIPANT_ROLES).describe("GM or PLAYER"),
  controller: z
    .enum(PARTICIPANT_CONTROLLERS)
    .describe("Who operates the seat: HUMAN (default) or AI")
    .optional(),
  user: subjectParameter(
    "The user (token subject) whose seat this is; omitted leaves the seat for someone to claim with participant_invite's code",
  ).optional(),
});

/**
 * `participant_create` (docs/campaign.md §4.3).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function participantCreateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "participant_create",
    title: "Add a participant",
    description:
      "Adds a participant (a GM or player seat) to a campaign; only its GM may. A seat given a user belongs to that user (one seat per user and campaign); an unlinked seat can be claimed with a code from participant_invite. Returns the participant record; its id can control characters (character_control_set) and be set as the acting participant (set_context).",
    input,
    output: participantOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          createParticipant(dependencies.environment, caller, input),
        ),
      ),
  });
}
