import type { Session } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { encounterUri, eventsUri, sessionsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { endedPayload } from "./change-encounter.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { type EventDraft, nextEvents, stampInvocation } from "./event-log.js";
import { requireCampaignId, requireSessionId, sessionOfCampaign } from "./scope.js";

/** Input of `session_end`. */
export interface EndSessionInput {
  campaign_id?: string | undefined;
  session_id?: string | undefined;
}

/**
 * Ends a session; its log closes with `SESSION_ENDED` and is frozen (docs/campaign.md §4.10).
 * Ending an ended session returns it unchanged and writes nothing. Only the GM may.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the campaign and session
 * @returns the ended session, once committed
 * @throws CampaignError for a missing campaign or session, or for a player
 */
export async function endSession(
  environment: CommandEnvironment,
  caller: Caller,
  input: EndSessionInput,
): Promise<CommandResult<Session>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const sessionId = requireSessionId(input.session_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, found, tail] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getSession(sessionId),
      repository.logTail(sessionId),
    ]);
    requireGm(access, "end a session");
    const session = sessionOfCampaign(found, campaignId);
    if (session.status === "ENDED") return { value: session, changedUris: [] };
    const now = formatTimestamp(environment.now());
    const ended: Session = { ...session, status: "ENDED", updated_at: now, ended_at: now };
    const fight = await endFight(repository, sessionId, now);
    await Promise.all([
      repository.updateSession(ended),
      repository.appendEvents(
        nextEvents(sessionId, tail, stamp, now, [
          ...(fight ? [fight.event] : []),
          { type: "SESSION_ENDED", payload: { campaign_id: campaignId, ended_at: now } },
        ]),
      ),
    ]);
    const changed = [sessionsUri(campaignId), eventsUri(sessionId)];
    if (fight) changed.push(encounterUri(fight.id));
    return changesIn(campaignId, ended, changed);
  });
}

/** The outcome of a fight the end of its session ended. */
const SESSION_ENDED_OUTCOME = "the session ended";

/**
 * Ends the session's active fight, if it has one (docs/campaign.md §4.10): its
 * `ENCOUNTER_ENDED` comes before the `SESSION_ENDED`.
 */
async function endFight(
  repository: CampaignRepository,
  sessionId: string,
  now: string,
): Promise<{ id: string; event: EventDraft } | undefined> {
  const active = await repository.findActiveEncounter(sessionId);
  if (!active) return undefined;
  const ended = {
    ...active,
    state: "ENDED" as const,
    outcome: SESSION_ENDED_OUTCOME,
    updated_at: now,
    ended_at: now,
  };
  const [instances] = await Promise.all([
    repository.listInstances(active.id),
    repository.updateEncounter(ended),
  ]);
  return {
    id: active.id,
    event: { type: "ENCOUNTER_ENDED", payload: endedPayload(ended, instances) },
  };
}
