import type { HttpAuth } from "./http-auth.js";
import type { HttpLimits } from "./http-limits.js";
import type { HttpOptions } from "./http-server.js";
import type { SessionStore } from "./session-store.js";

/** What the route modules of one HTTP server share. */
export interface HttpContext {
  readonly options: HttpOptions;
  readonly limits: HttpLimits;
  readonly sessions: SessionStore;
  readonly auth: HttpAuth;
  /** `false` once shutdown has begun: new sessions are refused. */
  accepting(): boolean;
}
