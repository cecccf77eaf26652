/** The first wait after a failed attempt to reach the database. */
const FIRST_RETRY_MS = 100;
/** The longest wait between attempts. */
const LONGEST_RETRY_MS = 5_000;

/**
 * How long to wait before attempt `attempt + 1` at something that needs the database: doubling
 * from 0.1 s up to 5 s, spread by ±20 % so that replicas cut off together do not all come back
 * in the same instant.
 *
 * @param attempt - how many attempts failed in a row, minus one
 * @returns milliseconds to wait
 */
export function retryDelay(attempt: number): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}
