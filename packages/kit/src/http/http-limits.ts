import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_LISTENS_PER_CLIENT,
  DEFAULT_MAX_REQUESTS_PER_CLIENT,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_CLIENT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_SESSION_IDLE_MS,
  DEFAULT_STREAM_BUFFER_BYTES,
  DEFAULT_UNUSED_SESSION_IDLE_MS,
} from "./limits.js";

/** Every limit of the HTTP transport; each has a default (see `limits.ts`). */
export interface HttpLimits {
  /** Idle expiry of a session the client has used. */
  sessionIdleMs: number;
  /** Idle expiry of a session that has seen nothing but `initialize`. */
  unusedSessionIdleMs: number;
  /** Live sessions of the whole process (503 past it). */
  maxSessions: number;
  /** Live sessions of one client address, and of one subject (429 past it). */
  maxSessionsPerClient: number;
  /** Modern-era requests in flight of one client address, and of one subject (429 past it). */
  maxRequestsPerClient: number;
  /** Modern-era listen streams of one client address, and of one subject (429 past it). */
  maxListensPerClient: number;
  /** Time allowed to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time allowed to receive a whole request, body included. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection is kept between requests. */
  keepAliveTimeoutMs: number;
  /** Output one response may queue for a client that does not read. */
  streamBufferBytes: number;
  /** How long queued output may wait without the client reading any of it. */
  sendTimeoutMs: number;
}

/** The limits with defaults filled in for those not given. */
export function resolveLimits(given: Partial<HttpLimits>): HttpLimits {
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<HttpLimits>;
  return {
    sessionIdleMs: DEFAULT_SESSION_IDLE_MS,
    unusedSessionIdleMs: DEFAULT_UNUSED_SESSION_IDLE_MS,
    maxSessions: DEFAULT_MAX_SESSIONS,
    maxSessionsPerClient: DEFAULT_MAX_SESSIONS_PER_CLIENT,
    maxRequestsPerClient: DEFAULT_MAX_REQUESTS_PER_CLIENT,
    maxListensPerClient: DEFAULT_MAX_LISTENS_PER_CLIENT,
    headersTimeoutMs: DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    streamBufferBytes: DEFAULT_STREAM_BUFFER_BYTES,
    sendTimeoutMs: DEFAULT_SEND_TIMEOUT_MS,
    ...defined,
  };
}
