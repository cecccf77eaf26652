/**
 * Formats an instant as RFC 3339 UTC with milliseconds, e.g. `2025-01-15T10:30:00.000Z`.
 *
 * @param instant - the instant
 * @returns the timestamp text
 */
export function formatTimestamp(instant: Date): string {
  return instant.toISOString();
}

/**
 * The timestamp of a new event: now, unless the log's last event is later (another process's
 * clock), so that `ts` never decreases along `seq`.
 *
 * @param now - the current timestamp
 * @param lastEventTimestamp - the newest event's `ts`, if the log has one
 * @returns the later of the two
 */
export function nextEventTimestamp(now: string, lastEventTimestamp: string | undefined): string {
  return lastEventTimestamp !== undefined && lastEventTimestamp > now ? lastEventTimestamp : now;
}
