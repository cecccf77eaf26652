import type { Server } from "@modelcontextprotocol/server";
import type { AuthSettings } from "../auth/auth-settings.js";
import type { Logger } from "../logger.js";
import type { ListenerSource } from "../resource-hub.js";
import type { InFlightRequests } from "../runtime/in-flight.js";
import type { SessionRequest } from "../runtime/session-request.js";
import { createApp } from "./create-app.js";
import type { DurableSessions } from "./durable-sessions.js";
import { installErrorHandlers } from "./error-handlers.js";
import { type HttpRoute, registerExtraRoutes } from "./extra-routes.js";
import { installGuard } from "./guard-hook.js";
import { registerHealthRoute } from "./health-route.js";
import { createHttpAuth } from "./http-auth.js";
import type { HttpContext } from "./http-context.js";
import { type HttpLimits, resolveLimits } from "./http-limits.js";
import { registerLegacySseRoutes } from "./legacy-sse-routes.js";
import { createModernEndpoint } from "./modern-route.js";
import { registerProtectedResourceRoutes } from "./protected-resource-route.js";
import { SessionStore } from "./session-store.js";
import { registerStreamableRoutes } from "./streamable-routes.js";

/** Options of the HTTP transport. */
export interface HttpOptions {
  /**
   * Makes the server instance of one new session; may throw {@link SessionRefusedError} to
   * refuse it with `400`.
   */
  createServer: (session: SessionRequest) => Server;
  /**
   * Streamable HTTP sessions kept in a store shared with other processes: a request naming a
   * session this process does not hold is served from the store instead of answered `404`.
   */
  durableSessions?: DurableSessions;
  /** Extra fields merged into the `/mcp/health` body for callers allowed its details. */
  health?: () => Record<string, unknown>;
  /** `GET` routes beside the transport's, reached without the token (see {@link HttpRoute}). */
  routes?: readonly HttpRoute[];
  name: string;
  version: string;
  host: string;
  port: number;
  allowedHosts: readonly string[];
  /** The shared token of the `token` mode; used when {@link HttpOptions.auth} is absent. */
  authToken: string | undefined;
  /** The auth mode; without it, the shared token's mode, or none. */
  auth?: AuthSettings;
  /** The MCP endpoint as clients reach it: the OAuth resource identifier; its host is allowed. */
  publicUrl?: string;
  /** The scopes listed in the protected resource metadata (OAuth mode). */
  scopesSupported?: readonly string[];
  /** The scope a token needs to see the health details (token table and OAuth modes). */
  healthScope?: string;
  rateLimitMs: number;
  logger: Logger;
  /** What modern-era listen streams hear: the process's resource hub, or the server's own. */
  listeners?: ListenerSource;
  inFlight: InFlightRequests;
  requestNoun?: string;
  /** Session caps, timeouts and buffer sizes; each one left out keeps its default. */
  limits?: Partial<HttpLimits>;
}

/** A listening HTTP server. */
export interface HttpHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8081/mcp`. */
  readonly url: string;
  readonly port: number;
  readonly sessions: SessionStore;
  /** Refuses new sessions with 503 from now on (shutdown has begun); live sessions go on. */
  drain(): void;
  /** Stops accepting connections, closes every session and the listener. */
  close(): Promise<void>;
}

/**
 * Starts Streamable HTTP on `/mcp` (the 2026-07-28 era per request, the 2025 era in sessions),
 * legacy SSE on `/sse` + `/messages`, and `/mcp/health`.
 */
export async function serveHttp(options: HttpOptions): Promise<HttpHandle> {
  const limits = resolveLimits(options.limits ?? {});
  const sessions = new SessionStore({
    idleMs: limits.sessionIdleMs,
    unusedIdleMs: limits.unusedSessionIdleMs,
  });
  let draining = false;
  let url = "";
  const auth = createHttpAuth(authSettings(options), options.publicUrl, () => url);
  const base = { options, limits, sessions, auth, accepting: () => !draining };
  const context: HttpContext = { ...base, modern: createModernEndpoint(base) };
  const app = createApp(limits);
  installGuard(app, context);
  installErrorHandlers(app, options.logger);
  registerHealthRoute(app, context);
  registerProtectedResourceRoutes(app, context);
  registerExtraRoutes(app, context);
  registerStreamableRoutes(app, context);
  registerLegacySseRoutes(app, context);

  await app.listen({ host: options.host, port: options.port });
  sessions.startSweeping();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const hostForUrl = options.host.includes(":") ? `[${options.host}]` : options.host;
  url = `http://${hostForUrl}:${port}/mcp`;
  return {
    url,
    port,
    sessions,
    drain() {
      draining = true;
    },
    async close() {
      await context.modern?.close();
      await sessions.closeAll();
      await app.close();
    },
  };
}

function authSettings(options: HttpOptions): AuthSettings {
  if (options.auth) return options.auth;
  return options.authToken === undefined
    ? { mode: "none" }
    : { mode: "token", token: options.authToken };
}
