import { formatTimestamp } from "../domain/timestamps.js";
import { eventsUri } from "../resource-uris.js";
import { accessTo, requireGm, visibleSession } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { nextEvents, stampInvocation } from "./event-log.js";
import { assertSessionActive, requireSessionId } from "./scope.js";

/** Input of `session_note_add`, text already trimmed. */
export interface AddSessionNoteInput {
  session_id?: string | undefined;
  text: string;
  /** Keeps the note from the players (GM only). */
  gm_only?: boolean | undefined;
}

/** Output of `session_note_add`: where the note landed in the log. */
export interface NoteAdded {
  session_id: string;
  seq: number;
  ts: string;
}

/**
 * Appends a `NOTE_ADDED` event to an active session (docs/campaign.md §4.13). The GM and
 * players may add notes; only the GM may keep one from the players (`gm_only`), and only the
 * GM hears of such a note.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the session and the note
 * @returns the note's seq and timestamp, once committed
 * @throws CampaignError for a missing or ended session, or a player's GM-only note
 */
export async function addSessionNote(
  environment: CommandEnvironment,
  caller: Caller,
  input: AddSessionNoteInput,
): Promise<CommandResult<NoteAdded>> {
  const sessionId = requireSessionId(input.session_id, caller);
  const stamp = stampInvocation(environment, caller);
  const gmOnly = input.gm_only === true;
  return environment.store.write(async (repository) => {
    const [found, tail] = await Promise.all([
      repository.lockSession(sessionId),
      repository.logTail(sessionId),
    ]);
    const { session, access } = visibleSession(
      found,
      found && (await accessTo(repository, found.campaign_id, caller.actor)),
    );
    assertSessionActive(session);
    if (gmOnly) requireGm(access, "add GM-only notes");
    const now = formatTimestamp(environment.now());
    const note = { text: input.text };
    const [event] = nextEvents(sessionId, tail, stamp, now, [
      gmOnly
        ? { type: "NOTE_ADDED", gm_only: true, payload: note }
        : { type: "NOTE_ADDED", payload: note },
    ]);
    if (!event) throw new Error("note was not appended");
    await repository.appendEvents([event]);
    const value = { session_id: sessionId, seq: event.seq, ts: event.ts };
    return changesIn(session.campaign_id, value, [eventsUri(sessionId)], gmOnly);
  });
}
