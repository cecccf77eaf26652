import type { SessionEvent, SessionEventType } from "../domain/records.js";
import { nextEventTimestamp } from "../domain/timestamps.js";
import type { CampaignRepository, LogTail } from "../storage/campaign-store.js";
import type { Caller, CommandEnvironment } from "./command-environment.js";

/** The envelope fields shared by every event one tool call appends. */
export interface InvocationStamp {
  request_id: string;
  invocation_id: string;
  participant_id?: string;
  actor: string;
}

/** An event before it has a place in the log. */
export interface EventDraft {
  type: SessionEventType;
  /** Set on a note the GM keeps from the players. */
  gm_only?: true | undefined;
  character_id?: string | undefined;
  payload: object;
}

/**
 * The stamp of one tool call: its request id, a fresh invocation id, the caller's participant,
 * if any, and the caller's subject.
 *
 * @param environment - for the invocation id
 * @param caller - the calling MCP session
 * @returns the stamp
 */
export function stampInvocation(environment: CommandEnvironment, caller: Caller): InvocationStamp {
  const stamp: InvocationStamp = {
    request_id: caller.requestId,
    invocation_id: environment.newId("inv"),
    actor: caller.actor.subject,
  };
  if (caller.context.participant_id !== null) {
    stamp.participant_id = caller.context.participant_id;
  }
  return stamp;
}

/**
 * The events a call appends to a session's log after `tail`: each gets the next seq (gapless,
 * since a failed transaction rolls back whole) and a timestamp that never goes back.
 *
 * @param sessionId - the session whose log grows
 * @param tail - the log's last event, read inside the same locked transaction
 * @param stamp - the tool call's envelope fields
 * @param now - the current timestamp
 * @param drafts - the events in order
 * @returns the events, ready to store
 */
export function nextEvents(
  sessionId: string,
  tail: LogTail | undefined,
  stamp: InvocationStamp,
  now: string,
  drafts: readonly EventDraft[],
): SessionEvent[] {
  const ts = nextEventTimestamp(now, tail?.ts);
  const first = (tail?.seq ?? 0) + 1;
  return drafts.map((draft, index) => ({
    session_id: sessionId,
    seq: first + index,
    ts,
    type: draft.type,
    ...(draft.gm_only === true ? { gm_only: true as const } : {}),
    request_id: stamp.request_id,
    invocation_id: stamp.invocation_id,
    ...(stamp.participant_id === undefined ? {} : { participant_id: stamp.participant_id }),
    actor: stamp.actor,
    ...(draft.character_id === undefined ? {} : { character_id: draft.character_id }),
    payload_json: JSON.stringify(draft.payload),
  }));
}

/**
 * Appends events to a session's log inside the caller's transaction, which holds the
 * campaign's write lock (so the tail it reads is the log's current end).
 *
 * @param repository - the open transaction
 * @param sessionId - the session whose log grows
 * @param stamp - the tool call's envelope fields
 * @param now - the current timestamp
 * @param drafts - the events in order
 * @returns the stored events
 */
export async function appendEvents(
  repository: CampaignRepository,
  sessionId: string,
  stamp: InvocationStamp,
  now: string,
  drafts: readonly EventDraft[],
): Promise<SessionEvent[]> {
  const events = nextEvents(sessionId, await repository.logTail(sessionId), stamp, now, drafts);
  await repository.appendEvents(events);
  return events;
}

/**
 * Logs a campaign-level change to the campaign's active session, if there is one
 * (docs/campaign.md §5: with no active session, nothing is appended).
 *
 * @param repository - the open transaction, holding the campaign's write lock
 * @param campaignId - the campaign that changed
 * @param stamp - the tool call's envelope fields
 * @param now - the current timestamp
 * @param draft - the event
 * @returns the active session's id when the event was appended
 */
export async function logToActiveSession(
  repository: CampaignRepository,
  campaignId: string,
  stamp: InvocationStamp,
  now: string,
  draft: EventDraft,
): Promise<string | undefined> {
  const session = await repository.findActiveSession(campaignId);
  if (!session) return undefined;
  await appendEvents(repository, session.id, stamp, now, [draft]);
  return session.id;
}
