import { CampaignError } from "../domain/campaign-error.js";
import { inviteCodeDigest, inviteExpiry } from "../domain/invite-code.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { accessTo, requireGm } from "./access.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";

/** Input of `participant_invite`. */
export interface InviteParticipantInput {
  participant_id: string;
}

/** Output of `participant_invite`: the code, shown this once, and where it leads. */
export interface ParticipantInvite {
  campaign_id: string;
  participant_id: string;
  invite_code: string;
  expires_at: string;
}

/**
 * Issues a single-use code with which someone can claim an unlinked seat (docs/campaign.md
 * §11.3). Only the GM of the seat's campaign may; a new code replaces the seat's earlier one.
 * Only the code's SHA-256 is stored; no resource changes and no event is appended.
 *
 * @param environment - store, clock and codes
 * @param caller - the calling MCP session
 * @param input - the seat
 * @returns the code and when it expires, once committed
 * @throws CampaignError for a seat that is absent (or of a campaign the caller is a stranger
 *   to), a player, or a seat already linked to a user
 */
export async function inviteParticipant(
  environment: CommandEnvironment,
  caller: Caller,
  input: InviteParticipantInput,
): Promise<CommandResult<ParticipantInvite>> {
  const code = environment.newInviteCode();
  return environment.store.write(async (repository) => {
    const campaignId = (await repository.getParticipant(input.participant_id))?.campaign_id;
    if (campaignId === undefined) throw new CampaignError("NOT_FOUND", "participant not found");
    // Read again under the campaign's lock: a claim may have linked the seat meanwhile.
    const [, access, participant] = await Promise.all([
      repository.lockCampaign(campaignId),
      accessTo(repository, campaignId, caller.actor),
      repository.getParticipant(input.participant_id),
    ]);
    if (!access || !participant) throw new CampaignError("NOT_FOUND", "participant not found");
    requireGm(access, "invite players");
    if (participant.user !== null) {
      throw new CampaignError("FAILED_PRECONDITION", "participant is already linked to a user");
    }
    const createdAt = environment.now();
    const expiresAt = formatTimestamp(inviteExpiry(createdAt));
    await repository.putInvite({
      participant_id: participant.id,
      campaign_id: campaignId,
      code_sha256: inviteCodeDigest(code),
      created_by: caller.actor.subject,
      created_at: formatTimestamp(createdAt),
      expires_at: expiresAt,
      used_by: null,
      used_at: null,
    });
    const value = {
      campaign_id: campaignId,
      participant_id: participant.id,
      invite_code: code,
      expires_at: expiresAt,
    };
    return { value, changedUris: [] };
  });
}
