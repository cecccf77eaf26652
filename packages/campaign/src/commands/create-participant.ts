import type { Participant, ParticipantController, ParticipantRole } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, eventsUri, participantsUri } from "../resource-uris.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { lockCampaign, requireCampaignId } from "./scope.js";

/** Input of `participant_create`, text already trimmed. */
export interface CreateParticipantInput {
  campaign_id?: string | undefined;
  display_name: string;
  role: ParticipantRole;
  controller?: ParticipantController | undefined;
}

/**
 * Adds a participant to a campaign (campaign.md §4.3).
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the participant's name, role and controller
 * @returns the participant record, once committed
 * @throws CampaignError without a campaign or for an unknown one
 */
export async function createParticipant(
  environment: CommandEnvironment,
  caller: Caller,
  input: CreateParticipantInput,
): Promise<CommandResult<Participant>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const campaign = await lockCampaign(repository, campaignId);
    const now = formatTimestamp(environment.now());
    const participant: Participant = {
      id: environment.newId("part"),
      campaign_id: campaignId,
      display_name: input.display_name,
      role: input.role,
      controller: input.controller ?? "HUMAN",
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
    return { value: participant, changedUris };
  });
}
