import type { FastifyInstance } from "fastify";
import { identityOf, type RequestIdentity } from "./client-identity.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";

/** What an extra route answers: a whole body, never streamed. */
export interface HttpRouteAnswer {
  status: number;
  /** The `Content-Type` header, e.g. `text/html; charset=utf-8`. */
  contentType: string;
  body: string;
  /** More headers, such as `WWW-Authenticate` with a 401. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A `GET` route a server adds beside `/mcp` (the gateway's status page). Host and Origin are
 * checked as for every request, but the bearer token is not required to reach it: the handler
 * learns who asked (address and how their credentials fared) and decides what they may see,
 * so a page can be public while the data behind it is not.
 */
export interface HttpRoute {
  /** An absolute path not used by the transport, e.g. `/status`; the query is ignored. */
  readonly path: string;
  handle(identity: RequestIdentity): HttpRouteAnswer | Promise<HttpRouteAnswer>;
}

/**
 * The answer refusing a caller, in the JSON-RPC shape every HTTP error of the servers has;
 * a 401 also asks for a bearer token (`WWW-Authenticate: Bearer`).
 *
 * @param status - 401 (no or wrong credentials) or 403 (credentials that do not suffice)
 * @param message - what was refused and what would be accepted
 * @returns the answer
 */
export function refusedRouteAnswer(status: 401 | 403, message: string): HttpRouteAnswer {
  return {
    status,
    contentType: "application/json",
    body: jsonRpcErrorBody(JsonRpcCode.serverError, message),
    ...(status === 401 ? { headers: { "www-authenticate": "Bearer" } } : {}),
  };
}

/**
 * Registers the extra routes; each answer is marked `Cache-Control: no-store`, since what it
 * says depends on who asks and when.
 *
 * @param app - the server's Fastify instance
 * @param routes - the routes to add
 */
export function registerExtraRoutes(app: FastifyInstance, routes: readonly HttpRoute[]): void {
  for (const route of routes) {
    app.get(route.path, async (request, reply) => {
      const answer = await route.handle(identityOf(request));
      reply.code(answer.status).type(answer.contentType).header("cache-control", "no-store");
      for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
      return reply.send(answer.body);
    });
  }
}
