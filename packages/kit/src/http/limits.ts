/** One hour: how long a session may stay idle (contract). */
export const DEFAULT_SESSION_IDLE_MS = 3_600_000;
/** Live sessions one process keeps at most; past it new sessions get 503. */
export const DEFAULT_MAX_SESSIONS = 1000;
/** Largest accepted request body: 1 MiB (contract). */
export const BODY_LIMIT_BYTES = 1_048_576;
/** Most of a refused oversize body the server reads and throws away before answering 413. */
export const DISCARD_LIMIT_BYTES = 16 * BODY_LIMIT_BYTES;
/** Longest the server waits for a refused oversize body to end before answering 413. */
export const DISCARD_TIMEOUT_MS = 10_000;
