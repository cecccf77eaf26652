import { CampaignError } from "../domain/campaign-error.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { eventsUri } from "../resource-uris.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { nextEvents, stampInvocation } from "./event-log.js";
import { assertSessionActive, requireSessionId } from "./scope.js";

/** Input of `session_note_add`, text already trimmed. */
export interface AddSessionNoteInput {
  session_id?: string | undefined;
  text: string;
}

/** Output of `session_note_add`: where the note landed in the log. */
export interface NoteAdded {
  session_id: string;
  seq: number;
  ts: string;
}

/**
 * Appends a `NOTE_ADDED` event to an active session (campaign.md §4.13).
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the session and the note
 * @returns the note's seq and timestamp, once committed
 * @throws CampaignError for a missing or ended session
 */
export async function addSessionNote(
  environment: CommandEnvironment,
  caller: Caller,
  input: AddSessionNoteInput,
): Promise<CommandResult<NoteAdded>> {
  const sessionId = requireSessionId(input.session_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [session, tail] = await Promise.all([
      repository.lockSession(sessionId),
      repository.logTail(sessionId),
    ]);
    if (!session) throw new CampaignError("NOT_FOUND", "session not found");
    assertSessionActive(session);
    const now = formatTimestamp(environment.now());
    const [event] = nextEvents(sessionId, tail, stamp, now, [
      { type: "NOTE_ADDED", payload: { text: input.text } },
    ]);
    if (!event) throw new Error("note was not appended");
    await repository.appendEvents([event]);
    return {
      value: { session_id: sessionId, seq: event.seq, ts: event.ts },
      changedUris: [eventsUri(sessionId)],
    };
  });
}
