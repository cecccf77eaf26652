import type { FastifyInstance, FastifyReply } from "fastify";
import type { Authentication } from "../auth/authentication.js";
import { bearerChallenge } from "../auth/challenge.js";
import { peerAddress, type RequestIdentity, rememberIdentity } from "./client-identity.js";
import { RESOURCE_METADATA_PATH } from "./http-auth.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";
import { createRequestGuard } from "./request-guard.js";

/** The path whose answer never needs a token: it answers less without one. */
export const HEALTH_PATH = "/mcp/health";

/** How long a client should wait when the authorization server could not be reached. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * Checks Host, Origin and the credentials of every request before anything else runs, and
 * remembers who sent it (address, credentials, subject, `authInfo`) for admission, sessions,
 * scopes, tools and the health endpoint. Only the `Authorization` header is read: a token in
 * the query string counts for nothing. The server's extra routes are reached without
 * credentials, like the health endpoint; they answer according to the identity remembered.
 */
export function installGuard(app: FastifyInstance, context: HttpContext): void {
  const { options, auth } = context;
  const routePaths = new Set((options.routes ?? []).map((route) => route.path));
  const guard = createRequestGuard([...options.allowedHosts, ...publicHost(options.publicUrl)]);
  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const hostRefusal = guard.check(request.headers);
    if (hostRefusal) {
      options.logger.warn("request refused", { status: hostRefusal.status, url: path });
      return refuse(reply, hostRefusal.status, hostRefusal.message);
    }
    const address = peerAddress(request.socket.remoteAddress);
    const outcome = await auth.authenticator.authenticate(request.headers.authorization);
    const identity = identityFrom(address, outcome);
    if (identity || isOpenPath(path) || routePaths.has(path)) {
      rememberIdentity(request, identity ?? { address, credentials: "invalid" });
      return;
    }
    if (outcome.kind === "unavailable") {
      options.logger.error("token not checked: the authorization server is unavailable", {
        reason: outcome.reason,
      });
      reply.header("retry-after", String(UNAVAILABLE_RETRY_SECONDS));
      return refuse(reply, 503, `Service unavailable: ${outcome.reason}; retry later`);
    }
    const invalid = outcome.kind === "invalid";
    options.logger.warn("request refused", {
      status: 401,
      url: path,
      ...(invalid ? { reason: outcome.reason } : {}),
    });
    const resourceMetadata = auth.resourceMetadataUrl();
    reply.header(
      "www-authenticate",
      bearerChallenge({
        ...(invalid ? { error: "invalid_token" as const, description: outcome.reason } : {}),
        ...(resourceMetadata ? { resourceMetadata } : {}),
      }),
    );
    const message = invalid
      ? `Unauthorized: the bearer token was refused: ${outcome.reason}`
      : "Unauthorized: a valid bearer token is required";
    return refuse(reply, 401, message);
  });
}

/** Who sent a request, when its credentials were good enough to go on. */
function identityFrom(address: string, outcome: Authentication): RequestIdentity | undefined {
  if (outcome.kind === "open") return { address, credentials: "none" };
  if (outcome.kind !== "valid") return undefined;
  return {
    address,
    credentials: "valid",
    authInfo: outcome.authInfo,
    ...(outcome.subject !== undefined ? { subject: outcome.subject } : {}),
  };
}

/** Paths anyone may ask: health (which answers less) and the resource metadata. */
function isOpenPath(path: string): boolean {
  return (
    path === HEALTH_PATH ||
    path === RESOURCE_METADATA_PATH ||
    path.startsWith(`${RESOURCE_METADATA_PATH}/`)
  );
}

function publicHost(publicUrl: string | undefined): string[] {
  return publicUrl === undefined ? [] : [new URL(publicUrl).host];
}

async function refuse(reply: FastifyReply, status: number, message: string): Promise<void> {
  await reply
    .code(status)
    .type("application/json")
    .send(jsonRpcErrorBody(JsonRpcCode.serverError, message));
}
