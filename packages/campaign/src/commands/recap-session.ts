import { DEFAULT_MAX_ANSWER_BYTES } from "@tabletop-mcp/kit";
import { type Recap, recapOf } from "../domain/recap.js";
import type { Session, SessionEvent } from "../domain/records.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { accessTo, visibleSession } from "./access.js";
import type { Caller, CommandEnvironment } from "./command-environment.js";
import { requireSessionId } from "./scope.js";

/** Input of `session_recap`. */
export interface RecapSessionInput {
  session_id?: string | undefined;
  /** The `next_cursor` of the page before: the last seq it recapped. */
  cursor?: number | undefined;
}

/** A page of a session's recap. */
export interface RecapPage extends Recap {
  session: Pick<Session, "id" | "name" | "status" | "started_at"> & { ended_at: string | null };
  /** The first and last seq this page recaps; `null` for a log with nothing after the cursor. */
  from_seq: number | null;
  to_seq: number | null;
  next_cursor: number | null;
}

/** What a page may take of the answer, its envelope aside. */
const RECAP_BUDGET = DEFAULT_MAX_ANSWER_BYTES - 2048;
const READ_PAGE = 1000;

/**
 * Recaps a session for a model to narrate from (docs/campaign.md §4.36): the events after the
 * cursor, oldest first, as many as fit the answer, for the GM every event, for a player every one
 * but the GM-only ones.
 *
 * @throws CampaignError for an unknown session (or a stranger)
 */
export async function recapSession(
  environment: CommandEnvironment,
  caller: Caller,
  input: RecapSessionInput,
): Promise<{ value: RecapPage; changedUris: string[] }> {
  const sessionId = requireSessionId(input.session_id, caller);
  const value = await environment.store.read(async (repository) => {
    const found = await repository.getSession(sessionId);
    const known = found && (await accessTo(repository, found.campaign_id, caller.actor));
    const { session, access } = visibleSession(found, known);
    const events = await eventsAfter(
      repository,
      sessionId,
      input.cursor ?? 0,
      access.role === "GM",
    );
    return pageOf(session, events);
  });
  return { value, changedUris: [] };
}

/** The session's events after `cursor` that the reader may see, oldest first. */
async function eventsAfter(
  repository: CampaignRepository,
  sessionId: string,
  cursor: number,
  includeGmOnly: boolean,
): Promise<SessionEvent[]> {
  const found: SessionEvent[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await repository.listEvents(sessionId, {
      beforeSeq,
      limit: READ_PAGE,
      includeGmOnly,
    });
    if (!page) break;
    for (const event of page.items) {
      if (event.seq <= cursor) return found.reverse();
      found.push(event);
    }
    const last = page.items.at(-1);
    if (!page.hasMore || !last) break;
    beforeSeq = last.seq;
  }
  return found.reverse();
}

/**
 * A start of `events` whose recap fits the answer: all of them, or halved until it fits, at
 * least one event (docs/campaign.md §4.36).
 */
function pageOf(session: Session, events: readonly SessionEvent[]): RecapPage {
  const header = {
    id: session.id,
    name: session.name,
    status: session.status,
    started_at: session.started_at,
    ended_at: session.ended_at ?? null,
  };
  let count = events.length;
  for (;;) {
    const slice = events.slice(0, count);
    const recap = recapOf(slice);
    const fits = Buffer.byteLength(JSON.stringify(recap)) <= RECAP_BUDGET;
    if (fits || count <= 1) {
      const more = count < events.length;
      return {
        session: header,
        from_seq: slice[0]?.seq ?? null,
        to_seq: slice.at(-1)?.seq ?? null,
        ...recap,
        next_cursor: more ? (slice.at(-1)?.seq ?? null) : null,
      };
    }
    count = Math.max(1, Math.floor(count / 2));
  }
}
