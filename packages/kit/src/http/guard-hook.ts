import type { FastifyInstance } from "fastify";
import type { Logger } from "../logger.js";
import { peerAddress, rememberIdentity } from "./client-identity.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";
import { createRequestGuard } from "./request-guard.js";

/** The path whose answer never needs a token: it answers less without one. */
export const HEALTH_PATH = "/mcp/health";

/**
 * Checks Host, Origin and the bearer token of every request before anything else runs, and
 * remembers who sent it (address and credentials) for admission and the health endpoint.
 * The health endpoint and the `openPaths` (a server's extra routes) are reached without the
 * token; they answer according to the credentials remembered.
 */
export function installGuard(
  app: FastifyInstance,
  options: { allowedHosts: readonly string[]; authToken: string | undefined; logger: Logger },
  openPaths: ReadonlySet<string> = new Set(),
): void {
  const guard = createRequestGuard(options.allowedHosts, options.authToken);
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const requireToken = path !== HEALTH_PATH && !openPaths.has(path);
    const outcome = guard.check(request.headers, { requireToken });
    if (!outcome.refusal) {
      const address = peerAddress(request.socket.remoteAddress);
      rememberIdentity(request, { address, credentials: outcome.credentials });
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
