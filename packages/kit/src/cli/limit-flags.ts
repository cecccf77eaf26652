import type { HttpLimits } from "../http/http-limits.js";
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
} from "../http/limits.js";

/** A flag that sets one limit of the HTTP transport to an integer. */
export interface LimitFlag {
  name: string;
  env: string;
  key: keyof HttpLimits;
  min: number;
  max: number;
  defaultValue: number;
  /** `--help` text, without the env variable and default, which are added. */
  description: string;
}

const DAY_MS = 86_400_000;

/** The HTTP limit flags, in `--help` order. */
export const LIMIT_FLAGS: readonly LimitFlag[] = [
  {
    name: "max-sessions",
    env: "MCP_MAX_SESSIONS",
    key: "maxSessions",
    min: 1,
    max: 1_000_000,
    defaultValue: DEFAULT_MAX_SESSIONS,
    description: "live HTTP sessions of the process; past it 503 with Retry-After",
  },
  {
    name: "max-sessions-per-client",
    env: "MCP_MAX_SESSIONS_PER_CLIENT",
    key: "maxSessionsPerClient",
    min: 1,
    max: 1_000_000,
    defaultValue: DEFAULT_MAX_SESSIONS_PER_CLIENT,
    description: "live sessions of one client address or user; past it 429 with Retry-After",
  },
  {
    name: "max-requests-per-client",
    env: "MCP_MAX_REQUESTS_PER_CLIENT",
    key: "maxRequestsPerClient",
    min: 1,
    max: 1_000_000,
    defaultValue: DEFAULT_MAX_REQUESTS_PER_CLIENT,
    description: "2026-07-28 requests in flight of one client address or user; past it 429",
  },
  {
    name: "max-listens-per-client",
    env: "MCP_MAX_LISTENS_PER_CLIENT",
    key: "maxListensPerClient",
    min: 1,
    max: 1_000_000,
    defaultValue: DEFAULT_MAX_LISTENS_PER_CLIENT,
    description: "2026-07-28 listen streams of one client address or user; past it 429",
  },
  {
    name: "session-idle-ms",
    env: "MCP_SESSION_IDLE_MS",
    key: "sessionIdleMs",
    min: 100,
    max: 7 * DAY_MS,
    defaultValue: DEFAULT_SESSION_IDLE_MS,
    description: "a session expires after this long without a request",
  },
  {
    name: "unused-session-idle-ms",
    env: "MCP_UNUSED_SESSION_IDLE_MS",
    key: "unusedSessionIdleMs",
    min: 100,
    max: 7 * DAY_MS,
    defaultValue: DEFAULT_UNUSED_SESSION_IDLE_MS,
    description: "the same for a session that made no request after initialize",
  },
  {
    name: "headers-timeout-ms",
    env: "MCP_HEADERS_TIMEOUT_MS",
    key: "headersTimeoutMs",
    min: 100,
    max: 600_000,
    defaultValue: DEFAULT_HEADERS_TIMEOUT_MS,
    description: "time a client has to send a request's headers",
  },
  {
    name: "request-timeout-ms",
    env: "MCP_REQUEST_TIMEOUT_MS",
    key: "requestTimeoutMs",
    min: 100,
    max: DAY_MS,
    defaultValue: DEFAULT_REQUEST_TIMEOUT_MS,
    description: "time a client has to send a whole request, body included",
  },
  {
    name: "keep-alive-timeout-ms",
    env: "MCP_KEEP_ALIVE_TIMEOUT_MS",
    key: "keepAliveTimeoutMs",
    min: 100,
    max: DAY_MS,
    defaultValue: DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
    description: "an idle keep-alive connection is closed after this long",
  },
  {
    name: "stream-buffer-bytes",
    env: "MCP_STREAM_BUFFER_BYTES",
    key: "streamBufferBytes",
    min: 1024,
    max: 1_073_741_824,
    defaultValue: DEFAULT_STREAM_BUFFER_BYTES,
    description:
      "output held for a client that does not read; past it its oldest notifications are dropped",
  },
  {
    name: "send-timeout-ms",
    env: "MCP_SEND_TIMEOUT_MS",
    key: "sendTimeoutMs",
    min: 100,
    max: DAY_MS,
    defaultValue: DEFAULT_SEND_TIMEOUT_MS,
    description:
      "a connection is dropped when its client reads none of the waiting output for this long",
  },
];
