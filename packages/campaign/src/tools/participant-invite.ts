import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { inviteParticipant } from "../commands/invite-participant.js";
import { runCommand } from "./run-command.js";
import { idParameter } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  participant_id: idParameter("The unlinked seat to invite someone to (part_…)"),
});

const output = z.object({
  campaign_id: z.string(),
  participant_id: z.string(),
  invite_code: z.string(),
  expires_at: z.string(),
});

/**
 * `participant_invite` (docs/campaign.md §4.15, §11.3).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function participantInviteTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "participant_invite",
    title: "Invite someone to a seat",
    description:
      "Issues a single-use code for an unlinked seat (a participant created without user); only the campaign's GM may. Give campaign_id, participant_id and invite_code to the person who should take the seat: participant_claim links it to them. The code is shown only now, expires after 7 days, and a new invite replaces the seat's earlier code.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, async () =>
        inviteParticipant(dependencies.environment, await callerOf(dependencies, context), args),
      ),
  });
}
