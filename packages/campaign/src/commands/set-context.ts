import { CampaignError } from "../domain/campaign-error.js";
import type { SessionContext } from "../domain/records.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { accessTo, readCampaignFor } from "./access.js";
import { type Actor, type CommandEnvironment, PROCESS_OWNER } from "./command-environment.js";

/** Input of `set_context`: omitted optional fields become `null`. */
export interface SetContextInput {
  campaign_id: string;
  session_id?: string | undefined;
  participant_id?: string | undefined;
}

/**
 * Checks that a record the context names belongs to the chosen campaign. A record of another
 * campaign the caller may not see is reported as not found, exactly like one that does not
 * exist; one of a campaign they may see is reported as belonging elsewhere.
 *
 * @throws CampaignError `NOT_FOUND` `<what> not found` or `INVALID_ARGUMENT` `<what> does not
 *   belong to campaign`
 */
async function checkBelongs(
  repository: CampaignRepository,
  actor: Actor,
  what: "session" | "participant",
  record: { campaign_id: string } | undefined,
  campaignId: string,
): Promise<void> {
  if (!record) throw new CampaignError("NOT_FOUND", `${what} not found`);
  if (record.campaign_id === campaignId) return;
  if (!(await accessTo(repository, record.campaign_id, actor))) {
    throw new CampaignError("NOT_FOUND", `${what} not found`);
  }
  throw new CampaignError("INVALID_ARGUMENT", `${what} does not belong to campaign`);
}

/**
 * Checks a new context against the store (docs/campaign.md §4.1). The caller replaces its
 * context with the result; nothing is written and no event is appended. The GM and players of
 * a campaign may select it; to anyone else it does not exist.
 *
 * @param environment - the store
 * @param input - the ids to select
 * @param actor - the caller (the process owner when omitted)
 * @returns the new context
 * @throws CampaignError for an unknown campaign, session or participant, or one of another
 *   campaign
 */
export async function checkContext(
  environment: CommandEnvironment,
  input: SetContextInput,
  actor: Actor = PROCESS_OWNER,
): Promise<SessionContext> {
  return environment.store.read(async (repository) => {
    const [, session, participant] = await Promise.all([
      readCampaignFor(repository, input.campaign_id, actor),
      input.session_id === undefined ? undefined : repository.getSession(input.session_id),
      input.participant_id === undefined
        ? undefined
        : repository.getParticipant(input.participant_id),
    ]);
    if (input.session_id !== undefined) {
      await checkBelongs(repository, actor, "session", session, input.campaign_id);
    }
    if (input.participant_id !== undefined) {
      await checkBelongs(repository, actor, "participant", participant, input.campaign_id);
    }
    return {
      campaign_id: input.campaign_id,
      session_id: input.session_id ?? null,
      participant_id: input.participant_id ?? null,
    };
  });
}
