import { DEFAULT_MAX_ANSWER_BYTES } from "@tabletop-mcp/kit";
import { itemsWithinBudget } from "../domain/answer-budget.js";
import { CampaignError } from "../domain/campaign-error.js";
import type { SessionEvent, SessionEventType } from "../domain/records.js";
import { parseSearchCursor, searchCursorOf } from "../domain/search-cursor.js";
import { searchWords } from "../domain/search-words.js";
import { readCampaignFor } from "./access.js";
import type { Caller, CommandEnvironment } from "./command-environment.js";
import { requireCampaignId, sessionOfCampaign } from "./scope.js";

/** Input of `session_log_search`, query already trimmed. */
export interface SearchSessionLogInput {
  campaign_id?: string | undefined;
  query: string;
  /** Only this session; never defaulted from the context, so that all sessions can be searched. */
  session_id?: string | undefined;
  types?: readonly SessionEventType[] | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** Output of `session_log_search`: a page of events, newest first. */
export interface SessionLogMatches {
  events: SessionEvent[];
  next_cursor: string | null;
}

/** Events a page holds when `limit` is not given. */
export const DEFAULT_SEARCH_LIMIT = 20;

/**
 * Bytes the events of a page may take: the answer's budget (docs/contract.md §7.1) less what
 * surrounds them, `{"events":[…],"next_cursor":"…"}` with the longest cursor, and a margin.
 */
const EVENTS_BUDGET = DEFAULT_MAX_ANSWER_BYTES - 1024;

const UNKNOWN_CURSOR = new CampaignError(
  "INVALID_ARGUMENT",
  "unknown cursor: pass the next_cursor of the previous page of this search",
);

function wordsOf(query: string): string[] {
  const words = searchWords(query);
  if (words.length === 0) {
    throw new CampaignError("INVALID_ARGUMENT", "query has no letters or digits to search for");
  }
  return words;
}

/**
 * Finds a campaign's events whose text holds every word of the query (docs/campaign.md §4.20):
 * notes and the strings of every other event, newest first. The GM finds every event, a player
 * every one but GM-only notes; to anyone else the campaign does not exist. A page holds up to
 * `limit` events and stops before the answer's budget (at least one event per page).
 *
 * @param environment - the store
 * @param caller - the calling MCP session
 * @param input - the campaign, the query, its filters and the page
 * @returns the page and the cursor of the next, if any
 * @throws CampaignError without a campaign, for an unknown one (or a stranger), an unknown
 *   session of it, a query without words, or an unknown cursor
 */
export async function searchSessionLog(
  environment: CommandEnvironment,
  caller: Caller,
  input: SearchSessionLogInput,
): Promise<SessionLogMatches> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const words = wordsOf(input.query);
  const before = input.cursor === undefined ? undefined : parseSearchCursor(input.cursor);
  if (input.cursor !== undefined && before === undefined) throw UNKNOWN_CURSOR;
  const limit = input.limit ?? DEFAULT_SEARCH_LIMIT;
  const page = await environment.store.read(async (repository) => {
    const [{ access }, session] = await Promise.all([
      readCampaignFor(repository, campaignId, caller.actor),
      input.session_id === undefined ? undefined : repository.getSession(input.session_id),
    ]);
    if (input.session_id !== undefined) sessionOfCampaign(session, campaignId);
    return repository.searchEvents(campaignId, {
      words,
      sessionId: input.session_id,
      types: input.types,
      before,
      includeGmOnly: access.role === "GM",
      limit,
    });
  });
  if (!page) throw UNKNOWN_CURSOR;
  const shown = itemsWithinBudget(page.items, EVENTS_BUDGET);
  const events = page.items.slice(0, shown);
  const last = events.at(-1);
  const more = shown < page.items.length || page.hasMore;
  return { events, next_cursor: more && last ? searchCursorOf(last) : null };
}
