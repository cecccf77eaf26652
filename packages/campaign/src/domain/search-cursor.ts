/**
 * A page cursor of `session_log_search` (docs/campaign.md §4.20): the session and seq of the
 * page's last event, which the next page continues below. It names only what the page showed.
 */
export const SEARCH_CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,64}\.[1-9][0-9]{0,9}$/;

/** The largest seq a store keeps (a 32-bit integer on PostgreSQL). */
const MAX_SEQ = 2 ** 31 - 1;

/** Where a page of a search starts: below this event. */
export interface SearchPosition {
  sessionId: string;
  seq: number;
}

/**
 * @param event - the last event of a page
 * @returns the cursor of the page after it
 */
export function searchCursorOf(event: { session_id: string; seq: number }): string {
  return `${event.session_id}.${event.seq}`;
}

/**
 * @param cursor - a cursor as a client sent it
 * @returns the event it names, or `undefined` when it is not one {@link searchCursorOf} makes
 */
export function parseSearchCursor(cursor: string): SearchPosition | undefined {
  if (!SEARCH_CURSOR_PATTERN.test(cursor)) return undefined;
  const dot = cursor.lastIndexOf(".");
  const seq = Number(cursor.slice(dot + 1));
  return seq <= MAX_SEQ ? { sessionId: cursor.slice(0, dot), seq } : undefined;
}
