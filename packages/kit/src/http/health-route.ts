import type { FastifyInstance } from "fastify";
import { identityOf, isLoopbackAddress, type RequestIdentity } from "./client-identity.js";
import { HEALTH_PATH } from "./guard-hook.js";
import type { HttpContext } from "./http-context.js";

/**
 * `GET /mcp/health`. Always `200`, since health checks read only the status. The details (name,
 * version, uptime, sessions and whatever the server adds, such as the gateway's upstreams) go
 * to a caller with the token when one is configured, and only to loopback callers when none is;
 * everyone else learns `{"status":"ok"}` and nothing about what runs here.
 */
export function registerHealthRoute(app: FastifyInstance, context: HttpContext): void {
  const startedAt = Date.now();
  app.get(HEALTH_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!mayReadDetails(identityOf(request))) return { status: "ok" };
    const { options, sessions } = context;
    return {
      status: "ok",
      name: options.name,
      version: options.version,
      uptime_s: Math.floor((Date.now() - startedAt) / 1000),
      sessions: sessions.size,
      ...options.health?.(),
    };
  });
}

function mayReadDetails(identity: RequestIdentity): boolean {
  if (identity.credentials === "none") return isLoopbackAddress(identity.address);
  return identity.credentials === "valid";
}
