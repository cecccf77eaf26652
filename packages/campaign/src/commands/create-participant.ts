import { CampaignError } from "../domain/campaign-error.js";
import type { Participant, ParticipantController, ParticipantRole } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, eventsUri, participantsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `participant_create`, text already trimmed. */
export interface CreateParticipantInput {
  campaign_id?: string | undefined;
  display_name: string;
  role: ParticipantRole;
  controller?: ParticipantController | undefined;
  /** The subject whose seat this is; an unlinked seat can be claimed with an invite. */
  user?: string | undefined;
}

/**
 * @throws CampaignError `FAILED_PRECONDITION` when the user already has a seat here
 */
async function assertNoSeat(
  repository: CampaignRepository,
  campaignId: string,
  user: string | undefined,
): Promise<void> {
  if (user === undefined) return;
  const seat = await repository.findSeat(campaignId, user);
  if (seat) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      `user ${user} already has a seat in this campaign: ${seat.id}`,
    );
  }
}

/**
 * Adds a participant to a campaign; only its GM may (docs/campaign.md §4.3). A participant
 * given a user is that user's seat; a subject holds at most one seat per campaign.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the participant's name, role, controller and optional user
 * @returns the participant record, once committed
 * @throws CampaignError without a campaign, for an unknown one, for a player, or for a user
 *   who already has a seat
 */
export async function createParticipant(
  environment: CommandEnvironment,
  caller: Caller,
  input: CreateParticipantInput,
): Promise<CommandResult<Participant>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { campaign, access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "add participants");
    await assertNoSeat(repository, campaignId, input.user);
    const now = formatTimestamp(environment.now());
    const participant: Participant = {
      id: environment.newId("part"),
      campaign_id: campaignId,
      display_name: input.display_name,
      role: input.role,
      controller: input.controller ?? "HUMAN",
      user: input.user ?? null,
      created_at: now,
      updated_at: now,
    };
    await Promise.all([
      repository.insertParticipant(participant),
      repository.updateCampaign({
        ...campaign,
        participant_count: campaign.participant_count + 1,
        updated_at: now,
      }),
    ]);
    const changedUris = [CAMPAIGNS_LIST_URI, campaignUri(campaignId), participantsUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "PARTICIPANT_CREATED",
      payload: { participant },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, participant, changedUris);
  });
}
