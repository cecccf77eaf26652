import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { claimSeat } from "../commands/claim-seat.js";
import { INVITE_CODE_PATTERN } from "../domain/invite-code.js";
import { runCommand } from "./run-command.js";
import { idParameter, participantOutput } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  campaign_id: idParameter("The campaign of the seat (camp_…)"),
  participant_id: idParameter("The seat to claim (part_…)"),
  invite_code: z
    .string()
    .regex(INVITE_CODE_PATTERN)
    .describe("The code participant_invite gave the GM: 32 characters a-z, 2-7"),
});

/**
 * `participant_claim` (docs/campaign.md §4.16, §11.3).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function participantClaimTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "participant_claim",
    title: "Claim a seat with an invite code",
    description:
      "Links an unlinked seat to the caller with the code the GM got from participant_invite, once: the caller becomes a player (or GM) of the campaign, as the seat's role says. A code works once and for 7 days; a caller holds at most one seat per campaign. Returns the participant record, its user now the caller.",
    input,
    output: participantOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, async () =>
        claimSeat(dependencies.environment, await callerOf(dependencies, context), args),
      ),
  });
}
