import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import { isInitializeRequest } from "@modelcontextprotocol/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { attachAuthInfo } from "./client-identity.js";
import { readSessionCookie, sessionCookie } from "./cookie.js";
import { sendError } from "./error-handlers.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode } from "./json-rpc-error.js";
import { ownSession, refuseMissingScope } from "./session-access.js";
import { admitSession, boundOutput, openSession, trackStream } from "./session-opening.js";
import { restoreSession } from "./session-restore.js";
import type { HttpSession } from "./session-store.js";

/** `POST`, `GET` and `DELETE /mcp`: the Streamable HTTP transport, one server per session. */
export function registerStreamableRoutes(app: FastifyInstance, context: HttpContext): void {
  app.post("/mcp", async (request, reply) => {
    if (await context.modern?.serve(request, reply)) return;
    const initializing = messagesOf(request.body).some((message) => isInitializeRequest(message));
    const headerId = request.headers["mcp-session-id"];
    const id = initializing && headerId === undefined ? undefined : requestedSessionId(request);
    if (id !== undefined) return forwardToSession(id, request, reply, context);
    if (!initializing) {
      return sendError(
        reply,
        400,
        JsonRpcCode.serverError,
        "Bad Request: no session; send initialize first",
      );
    }
    return startSession(request, reply, context);
  });
  app.get("/mcp", async (request, reply) => {
    const id = requestedSessionId(request);
    if (id === undefined)
      return sendError(reply, 400, JsonRpcCode.serverError, "Bad Request: no session id");
    return forwardToSession(id, request, reply, context);
  });
  app.delete("/mcp", async (request, reply) => {
    const id = requestedSessionId(request);
    if (id === undefined)
      return sendError(reply, 400, JsonRpcCode.serverError, "Bad Request: no session id");
    reply.raw.setHeader("set-cookie", sessionCookie("", 0));
    return forwardToSession(id, request, reply, context);
  });
  app.route({
    method: ["PUT", "PATCH", "OPTIONS", "HEAD"],
    url: "/mcp",
    handler: async (_request, reply) => {
      reply.header("allow", "GET, POST, DELETE");
      return sendError(
        reply,
        405,
        JsonRpcCode.serverError,
        "Method not allowed: use POST, GET or DELETE",
      );
    },
  });
}

/** The session a request names: the `Mcp-Session-Id` header, else the `mcp_session` cookie. */
function requestedSessionId(request: FastifyRequest): string | undefined {
  const header = request.headers["mcp-session-id"];
  if (typeof header === "string" && header !== "") return header;
  const fromCookie = readSessionCookie(request.headers.cookie);
  if (fromCookie !== undefined) {
    // The SDK reads the request's raw header list, so the fallback is added there too.
    request.raw.headers["mcp-session-id"] = fromCookie;
    request.raw.rawHeaders.push("mcp-session-id", fromCookie);
  }
  return fromCookie;
}

async function forwardToSession(
  id: string,
  request: FastifyRequest,
  reply: FastifyReply,
  context: HttpContext,
): Promise<void> {
  const session = await currentSession(request, context, id);
  if (session?.kind !== "streamable") {
    return sendError(
      reply,
      404,
      JsonRpcCode.sessionNotFound,
      "Session not found or expired; initialize a new one",
    );
  }
  if (await refuseMissingScope(request, reply, context, session.server)) return;
  if (request.method === "DELETE") await context.options.durableSessions?.closed(id);
  if (messagesOf(request.body).some(isRequest)) session.used = true;
  const transport = session.transport as NodeStreamableHTTPServerTransport;
  reply.hijack();
  boundOutput(context, reply.raw, id);
  if (request.method === "GET") trackStream(session, reply.raw);
  attachAuthInfo(request);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}

/**
 * The session a request names, as this process holds it or rebuilt from the durable sessions'
 * store. With durable sessions, a session held here is first brought up to date from the store
 * (another process may have served it since) and is dropped here when the store no longer
 * knows it (closed or expired elsewhere).
 */
async function currentSession(
  request: FastifyRequest,
  context: HttpContext,
  id: string,
): Promise<HttpSession | undefined> {
  const durable = context.options.durableSessions;
  const held = ownSession(request, context, id);
  if (!durable) return held;
  if (!held) return restoreSession(request, context, id);
  if (await durable.resume(id, context.limits.sessionIdleMs)) return held;
  await context.sessions.close(id);
  return undefined;
}

async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  context: HttpContext,
): Promise<void> {
  const admitted = await admitSession(request, reply, context, "streamable");
  if (!admitted) return;
  const id = admitted.id;
  // Kept before the client can hear of the id, so that its next request finds the session
  // whichever process it reaches; forgotten again if initialize fails.
  await recordOpened(context, id, admitted.owner.subject, request.body).catch(async (error) => {
    await admitted.server.close();
    throw error;
  });
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => id });
  await admitted.server.connect(transport);
  openSession(context, { ...admitted, kind: "streamable" }, transport);
  reply.hijack();
  boundOutput(context, reply.raw, id);
  reply.raw.setHeader("set-cookie", sessionCookie(id));
  attachAuthInfo(request);
  await transport.handleRequest(request.raw, reply.raw, request.body);
  if (transport.sessionId !== undefined) return;
  await context.sessions.close(id);
  await context.options.durableSessions?.closed(id);
}

/** Keeps a newly initialized session in the durable sessions' store, when there is one. */
async function recordOpened(
  context: HttpContext,
  id: string,
  subject: string | undefined,
  body: unknown,
): Promise<void> {
  const durable = context.options.durableSessions;
  const initialize = messagesOf(body).find((message) => isInitializeRequest(message));
  if (!durable || !initialize || !isInitializeRequest(initialize)) return;
  await durable.opened(
    { id, subject, initialize: initialize.params },
    context.limits.sessionIdleMs,
  );
}

function messagesOf(body: unknown): unknown[] {
  return Array.isArray(body) ? body : [body];
}

/** A JSON-RPC request (it expects an answer), as opposed to a notification or a response. */
function isRequest(message: unknown): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    "method" in message &&
    "id" in message &&
    (message as { method?: unknown }).method !== "initialize"
  );
}
