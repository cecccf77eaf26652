import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerChallenge } from "../auth/challenge.js";
import { scopesNeeded } from "../auth/request-scopes.js";
import { grantsScope } from "../auth/scopes.js";
import { identityOf } from "./client-identity.js";
import { sendError } from "./error-handlers.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode } from "./json-rpc-error.js";
import type { HttpSession } from "./session-store.js";

/**
 * The live session a request names, if the request's caller opened it. A session opened by
 * another subject is answered exactly like an unknown one, so that nobody learns that it exists.
 *
 * @param request - the request naming the session
 * @param context - the server's sessions
 * @param id - the session id it names
 * @returns the session, marked as just used, or `undefined`
 */
export function ownSession(
  request: FastifyRequest,
  context: HttpContext,
  id: string,
): HttpSession | undefined {
  const session = context.sessions.find(id);
  if (!session || session.owner.subject !== identityOf(request).subject) return undefined;
  return context.sessions.touch(id);
}

/**
 * Refuses a request whose messages need a scope the caller's token does not grant (token
 * table and OAuth modes): `403` with the MCP step-up challenge, before any handler runs.
 *
 * @param server - the server whose declared scopes the messages are checked against
 *
 * @returns `true` when the request was refused and answered
 */
export async function refuseMissingScope(
  request: FastifyRequest,
  reply: FastifyReply,
  context: HttpContext,
  server: object,
): Promise<boolean> {
  if (!context.auth.authenticator.enforcesScopes) return false;
  const granted = identityOf(request).authInfo?.scopes ?? [];
  const missing = scopesNeeded(server, request.body).filter(
    (scope) => !grantsScope(granted, scope),
  );
  if (missing.length === 0) return false;
  const resourceMetadata = context.auth.resourceMetadataUrl();
  context.options.logger.warn("request refused: insufficient scope", {
    subject: identityOf(request).subject,
    client: identityOf(request).authInfo?.clientId,
    needed: missing.join(" "),
  });
  reply.header(
    "www-authenticate",
    bearerChallenge({
      error: "insufficient_scope",
      scope: missing,
      ...(resourceMetadata ? { resourceMetadata } : {}),
    }),
  );
  const noun = missing.length === 1 ? "scope" : "scopes";
  await sendError(
    reply,
    403,
    JsonRpcCode.serverError,
    `Forbidden: this request needs the ${noun} ${missing.join(", ")}, which the token does not grant`,
  );
  return true;
}
