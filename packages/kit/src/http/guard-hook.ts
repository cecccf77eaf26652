import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { FastifyInstance } from "fastify";
import { ALL_SCOPES } from "../auth/scopes.js";
import type { Logger } from "../logger.js";
import { peerAddress, rememberIdentity } from "./client-identity.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";
import { createRequestGuard } from "./request-guard.js";

/** The path whose answer never needs a token: it answers less without one. */
export const HEALTH_PATH = "/mcp/health";

/**
 * Checks Host, Origin and the bearer token of every request before anything else runs, and
 * remembers who sent it (address and credentials) for admission and the health endpoint.
 */
export function installGuard(
  app: FastifyInstance,
  options: { allowedHosts: readonly string[]; authToken: string | undefined; logger: Logger },
): void {
  const guard = createRequestGuard(options.allowedHosts, options.authToken);
  app.addHook("onRequest", async (request, reply) => {
    const requireToken = request.url.split("?")[0] !== HEALTH_PATH;
    const outcome = guard.check(request.headers, { requireToken });
    if (!outcome.refusal) {
      const address = peerAddress(request.socket.remoteAddress);
      const { credentials } = outcome;
      const authInfo = credentials === "valid" ? sharedTokenAuthInfo(options.authToken) : undefined;
      rememberIdentity(request, { address, credentials, ...(authInfo ? { authInfo } : {}) });
      return;
    }
    const { status, message } = outcome.refusal;
    options.logger.warn("request refused", { status, url: request.url });
    if (status === 401) reply.header("www-authenticate", "Bearer");
    await reply
      .code(status)
      .type("application/json")
      .send(jsonRpcErrorBody(JsonRpcCode.serverError, message));
  });
}

/** Whoever holds the shared `--auth-token` is the user `token`, with every tabletop scope. */
function sharedTokenAuthInfo(token: string | undefined): AuthInfo | undefined {
  if (token === undefined) return undefined;
  return { token, clientId: "", scopes: [...ALL_SCOPES], extra: { sub: "token" } };
}
