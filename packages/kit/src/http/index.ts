// `@tabletop-mcp/kit/http`: the HTTP runtime. `serveHttp` (Streamable HTTP and legacy SSE on
// Fastify, loaded on first use, with `/mcp/health`), its limits and their defaults, extra
// `GET` routes, the caller's identity as a route sees it, and durable sessions.
export { isLoopbackAddress, type RequestIdentity } from "./client-identity.js";
export type { DurableSessionRecord, DurableSessions } from "./durable-sessions.js";
export type { HttpRoute, HttpRouteAnswer, HttpRouteRefusal } from "./extra-routes.js";
export type { HttpLimits } from "./http-limits.js";
export type { HttpHandle, HttpOptions } from "./http-server.js";
export {
  BODY_LIMIT_BYTES,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_CLIENT,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SEND_TIMEOUT_MS,
  DEFAULT_SESSION_IDLE_MS,
  DEFAULT_STREAM_BUFFER_BYTES,
  DEFAULT_UNUSED_SESSION_IDLE_MS,
} from "./limits.js";
export { serveHttp } from "./serve-http.js";
