import type { FastifyInstance, FastifyReply } from "fastify";
import { bearerCredentials } from "../auth/authentication.js";
import { type BearerChallenge, bearerChallenge } from "../auth/challenge.js";
import { identityOf, type RequestIdentity } from "./client-identity.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";

/** What an extra route answers: a whole body, never streamed. */
export interface HttpRouteAnswer {
  status: number;
  /** The `Content-Type` header, e.g. `text/html; charset=utf-8`. */
  contentType: string;
  body: string;
  /** More headers. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * An extra route's refusal of the caller. The kit answers it as it answers refusals of `/mcp`:
 * the JSON-RPC error body, and a bearer challenge (`WWW-Authenticate`) naming the protected
 * resource metadata in OAuth mode: `invalid_token` on a 401 for a token that was sent, and
 * `insufficient_scope` with the scope on a 403 for one.
 */
export interface HttpRouteRefusal {
  /** 401: no credentials, or refused ones; 403: credentials that do not suffice. */
  refused: 401 | 403;
  /** What was refused and what would be accepted. */
  message: string;
  /** The scope the caller lacks, on a 403. */
  scope?: string;
}

/**
 * A `GET` route a server adds beside `/mcp` (the gateway's status page). Host and Origin are
 * checked as for every request, but credentials are not required to reach it: the handler
 * learns who asked (address, how their credentials fared, their scopes) and decides what they
 * may see, so a page can be public while the data behind it is not.
 */
export interface HttpRoute {
  /** An absolute path not used by the transport, e.g. `/status`; the query is ignored. */
  readonly path: string;
  handle(
    identity: RequestIdentity,
  ): HttpRouteAnswer | HttpRouteRefusal | Promise<HttpRouteAnswer | HttpRouteRefusal>;
}

/**
 * Registers the server's extra routes; each answer is marked `Cache-Control: no-store`, since
 * what it says depends on who asks and when.
 *
 * @param app - the server's Fastify instance
 * @param context - the HTTP server's options (the routes) and auth
 */
export function registerExtraRoutes(app: FastifyInstance, context: HttpContext): void {
  for (const route of context.options.routes ?? []) {
    app.get(route.path, async (request, reply) => {
      const answer = await route.handle(identityOf(request));
      reply.header("cache-control", "no-store");
      if ("refused" in answer) {
        const tokenSent = bearerCredentials(request.headers.authorization) !== undefined;
        return refuse(reply, answer, context, tokenSent);
      }
      reply.code(answer.status).type(answer.contentType);
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      return reply.send(answer.body);
    });
  }
}

/** The bearer challenge of a refusal: why the token failed, or which scope it lacks. */
function challengeOf(refusal: HttpRouteRefusal, tokenSent: boolean): BearerChallenge | undefined {
  if (refusal.refused === 401) return tokenSent ? { error: "invalid_token" } : {};
  if (refusal.scope === undefined) return undefined;
  return { error: "insufficient_scope", scope: [refusal.scope] };
}

function refuse(
  reply: FastifyReply,
  refusal: HttpRouteRefusal,
  context: HttpContext,
  tokenSent: boolean,
) {
  const challenge = challengeOf(refusal, tokenSent);
  if (challenge) {
    const resourceMetadata = context.auth.resourceMetadataUrl();
    const header = bearerChallenge({
      ...challenge,
      ...(resourceMetadata ? { resourceMetadata } : {}),
    });
    reply.header("www-authenticate", header);
  }
  return reply
    .code(refusal.refused)
    .type("application/json")
    .send(jsonRpcErrorBody(JsonRpcCode.serverError, refusal.message));
}
