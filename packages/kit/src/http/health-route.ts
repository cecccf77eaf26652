import type { FastifyInstance } from "fastify";
import { grantsScope } from "../auth/scopes.js";
import { identityOf, isLoopbackAddress, type RequestIdentity } from "./client-identity.js";
import { HEALTH_PATH } from "./guard-hook.js";
import type { HttpContext } from "./http-context.js";

/**
 * `GET /mcp/health`. Always `200`, since health checks read only the status. The details (name,
 * version, uptime, sessions and whatever the server adds, such as the gateway's upstreams) go
 * to a caller with a valid token when auth is on (holding the server's health scope, if it
 * names one, in the token table and OAuth modes), and only to loopback callers when it is off;
 * everyone else learns `{"status":"ok"}` and nothing about what runs here.
 */
export function registerHealthRoute(app: FastifyInstance, context: HttpContext): void {
  const startedAt = Date.now();
  app.get(HEALTH_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!mayReadDetails(identityOf(request), context)) return { status: "ok" };
    const { options, sessions } = context;
    return {
      status: "ok",
      name: options.name,
      version: options.version,
      uptime_s: Math.floor((Date.now() - startedAt) / 1000),
      sessions: sessions.size,
      ...(context.modern ? { modern: context.modern.counts() } : {}),
      ...options.health?.(),
    };
  });
}

function mayReadDetails(identity: RequestIdentity, context: HttpContext): boolean {
  if (identity.credentials === "none") return isLoopbackAddress(identity.address);
  if (identity.credentials !== "valid") return false;
  const scope = context.options.healthScope;
  if (scope === undefined || !context.auth.authenticator.enforcesScopes) return true;
  return grantsScope(identity.authInfo?.scopes ?? [], scope);
}
