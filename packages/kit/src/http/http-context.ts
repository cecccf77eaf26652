import type { HttpAuth } from "./http-auth.js";
import type { HttpLimits } from "./http-limits.js";
import type { HttpOptions } from "./http-server.js";
import type { ModernEndpoint } from "./modern-route.js";
import type { SessionStore } from "./session-store.js";

/** What the route modules of one HTTP server share. */
export interface HttpContext {
  readonly options: HttpOptions;
  readonly limits: HttpLimits;
  readonly sessions: SessionStore;
  readonly auth: HttpAuth;
  /** The 2026-07-28 era on `/mcp`; absent only while the context is being built. */
  readonly modern?: ModernEndpoint;
  /** `false` once shutdown has begun: new sessions are refused. */
  accepting(): boolean;
}
