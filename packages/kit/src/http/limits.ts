/** One hour: how long a session may stay idle (contract). */
export const DEFAULT_SESSION_IDLE_MS = 3_600_000;
/** How long a session that has seen nothing but `initialize` may stay idle. */
export const DEFAULT_UNUSED_SESSION_IDLE_MS = 60_000;
/** Live sessions one process keeps at most; past it new sessions get 503. */
export const DEFAULT_MAX_SESSIONS = 1000;
/** Live sessions one client address (or one subject) keeps at most; past it, 429. */
export const DEFAULT_MAX_SESSIONS_PER_CLIENT = 50;
/** Modern-era requests one client address (or one subject) may have in flight; past it, 429. */
export const DEFAULT_MAX_REQUESTS_PER_CLIENT = 64;
/** Modern-era listen streams one client address (or one subject) may hold open; past it, 429. */
export const DEFAULT_MAX_LISTENS_PER_CLIENT = 8;
/** Largest accepted request body: 1 MiB (contract). */
export const BODY_LIMIT_BYTES = 1_048_576;
/** Most of a refused oversize body the server reads and throws away before answering 413. */
export const DISCARD_LIMIT_BYTES = 16 * BODY_LIMIT_BYTES;
/** Longest the server waits for a refused oversize body to end before answering 413. */
export const DISCARD_TIMEOUT_MS = 10_000;
/** How long a client may take to send a request's headers. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** How long a client may take to send a whole request, headers and body. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * How long an idle keep-alive connection stays open between requests: longer than the 60 s
 * idle timeout of common load balancers, so they never reuse a connection the server closed.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Bytes one response stream may hold for a client that does not read before dropping. */
export const DEFAULT_STREAM_BUFFER_BYTES = 1_048_576;
/** How long output may wait on a client that reads nothing before its connection is dropped. */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;
