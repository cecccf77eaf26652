import { CampaignError } from "../domain/campaign-error.js";
import type { Session } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { eventsUri, sessionsUri } from "../resource-uris.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { nextEvents, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `session_start`, text already trimmed. */
export interface StartSessionInput {
  campaign_id?: string | undefined;
  name?: string | undefined;
}

/**
 * Starts a session; a campaign has at most one active session (docs/campaign.md §4.9). The
 * session's log opens with `SESSION_STARTED`. The caller's context is not changed. Only the GM
 * may.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the campaign and an optional name
 * @returns the new session, once committed
 * @throws CampaignError for a missing campaign, a player, or when a session is already active
 */
export async function startSession(
  environment: CommandEnvironment,
  caller: Caller,
  input: StartSessionInput,
): Promise<CommandResult<Session>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, active] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.findActiveSession(campaignId),
    ]);
    requireGm(access, "start a session");
    if (active) {
      throw new CampaignError("FAILED_PRECONDITION", `active session exists: ${active.id}`);
    }
    const now = formatTimestamp(environment.now());
    const session: Session = {
      id: environment.newId("sess"),
      campaign_id: campaignId,
      name: input.name ?? "",
      status: "ACTIVE",
      started_at: now,
      updated_at: now,
    };
    await Promise.all([
      repository.insertSession(session),
      repository.appendEvents(
        nextEvents(session.id, undefined, stamp, now, [
          { type: "SESSION_STARTED", payload: { campaign_id: campaignId } },
        ]),
      ),
    ]);
    return changesIn(campaignId, session, [sessionsUri(campaignId), eventsUri(session.id)]);
  });
}
