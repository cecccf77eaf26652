import { CampaignError } from "../domain/campaign-error.js";
import { matchesInviteCode } from "../domain/invite-code.js";
import type { Participant, SeatInvite } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, participantsUri } from "../resource-uris.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";

/** Input of `participant_claim`. */
export interface ClaimSeatInput {
  campaign_id: string;
  participant_id: string;
  invite_code: string;
}

/** The one answer to every claim that does not name a seat with that code. */
const NO_SUCH_INVITE = "invite not found: check campaign_id, participant_id and invite_code";

/** A seat and the invite issued for it. */
interface InvitedSeat {
  participant: Participant;
  invite: SeatInvite;
}

/**
 * The seat and its invite, when the code is the one issued for that seat of that campaign.
 * Whether the campaign, the seat or an invite exists is not told apart from a wrong code, so a
 * caller without the code learns nothing about the campaign.
 *
 * @throws CampaignError `NOT_FOUND` {@link NO_SUCH_INVITE}
 */
function invitedSeat(
  input: ClaimSeatInput,
  participant: Participant | undefined,
  invite: SeatInvite | undefined,
): InvitedSeat {
  if (
    participant?.campaign_id !== input.campaign_id ||
    !invite ||
    !matchesInviteCode(input.invite_code, invite.code_sha256)
  ) {
    throw new CampaignError("NOT_FOUND", NO_SUCH_INVITE);
  }
  return { participant, invite };
}

/**
 * @throws CampaignError `FAILED_PRECONDITION` for a used or expired code, a seat linked
 *   meanwhile, or a caller who already has a seat in the campaign
 */
function assertClaimable(
  invite: SeatInvite,
  participant: Participant,
  ownSeat: Participant | undefined,
  now: string,
): void {
  if (invite.used_at !== null) {
    throw new CampaignError("FAILED_PRECONDITION", "invite code already used");
  }
  if (now >= invite.expires_at) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      `invite code expired at ${invite.expires_at}; ask the GM for a new one`,
    );
  }
  if (participant.user !== null) {
    throw new CampaignError("FAILED_PRECONDITION", "participant is already linked to a user");
  }
  if (ownSeat) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      `you already have a seat in this campaign: ${ownSeat.id}`,
    );
  }
}

/**
 * Links an unlinked seat to the caller with the code the GM was given for it, once
 * (docs/campaign.md §11.3). The caller becomes the campaign's GM or one of its players, as the
 * seat's role says. The code is then used up. No event is appended.
 *
 * @param environment - store and clock
 * @param caller - the calling MCP session
 * @param input - the campaign, the seat and the code
 * @returns the participant, now linked, once committed
 * @throws CampaignError for a code that does not match, is used or expired, or a caller who
 *   already has a seat in the campaign
 */
export async function claimSeat(
  environment: CommandEnvironment,
  caller: Caller,
  input: ClaimSeatInput,
): Promise<CommandResult<Participant>> {
  const campaignId = input.campaign_id;
  return environment.store.write(async (repository) => {
    const [, found, foundInvite, ownSeat] = await Promise.all([
      repository.lockCampaign(campaignId),
      repository.getParticipant(input.participant_id),
      repository.getInvite(input.participant_id),
      repository.findSeat(campaignId, caller.actor.subject),
    ]);
    const { participant, invite } = invitedSeat(input, found, foundInvite);
    const now = formatTimestamp(environment.now());
    assertClaimable(invite, participant, ownSeat, now);
    const linked: Participant = { ...participant, user: caller.actor.subject, updated_at: now };
    await Promise.all([
      repository.updateParticipant(linked),
      repository.putInvite({ ...invite, used_by: caller.actor.subject, used_at: now }),
    ]);
    const changedUris = [CAMPAIGNS_LIST_URI, campaignUri(campaignId), participantsUri(campaignId)];
    return changesIn(campaignId, linked, changedUris);
  });
}
