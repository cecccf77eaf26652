import { CampaignError } from "../domain/campaign-error.js";
import type { SessionContext } from "../domain/records.js";
import type { CommandEnvironment } from "./command-environment.js";
import { foundCampaign } from "./scope.js";

/** Input of `set_context`: omitted optional fields become `null`. */
export interface SetContextInput {
  campaign_id: string;
  session_id?: string | undefined;
  participant_id?: string | undefined;
}

/**
 * Checks a new context against the store (campaign.md §4.1). The caller replaces its context
 * with the result; nothing is written and no event is appended.
 *
 * @param environment - the store
 * @param input - the ids to select
 * @returns the new context
 * @throws CampaignError for an unknown campaign, session or participant, or one of another
 *   campaign
 */
export async function checkContext(
  environment: CommandEnvironment,
  input: SetContextInput,
): Promise<SessionContext> {
  return environment.store.read(async (repository) => {
    const [campaign, session, participant] = await Promise.all([
      repository.getCampaign(input.campaign_id),
      input.session_id === undefined ? undefined : repository.getSession(input.session_id),
      input.participant_id === undefined
        ? undefined
        : repository.getParticipant(input.participant_id),
    ]);
    foundCampaign(campaign);
    if (input.session_id !== undefined) {
      if (!session) throw new CampaignError("NOT_FOUND", "session not found");
      if (session.campaign_id !== input.campaign_id) {
        throw new CampaignError("INVALID_ARGUMENT", "session does not belong to campaign");
      }
    }
    if (input.participant_id !== undefined) {
      if (!participant) throw new CampaignError("NOT_FOUND", "participant not found");
      if (participant.campaign_id !== input.campaign_id) {
        throw new CampaignError("INVALID_ARGUMENT", "participant does not belong to campaign");
      }
    }
    return {
      campaign_id: input.campaign_id,
      session_id: input.session_id ?? null,
      participant_id: input.participant_id ?? null,
    };
  });
}
