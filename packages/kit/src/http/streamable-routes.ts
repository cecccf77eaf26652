import { randomUUID } from "node:crypto";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { attachAuthInfo } from "./client-identity.js";
import { readSessionCookie, sessionCookie } from "./cookie.js";
import { sendError } from "./error-handlers.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode } from "./json-rpc-error.js";
import { ownSession, refuseMissingScope } from "./session-access.js";
import { admitSession, boundOutput, openSession, trackStream } from "./session-opening.js";

/** `POST`, `GET` and `DELETE /mcp`: the Streamable HTTP transport, one server per session. */
export function registerStreamableRoutes(app: FastifyInstance, context: HttpContext): void {
  app.post("/mcp", async (request, reply) => {
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
  const session = ownSession(request, context, id);
  if (session?.kind !== "streamable") {
    return sendError(
      reply,
      404,
      JsonRpcCode.sessionNotFound,
      "Session not found or expired; initialize a new one",
    );
  }
  if (await refuseMissingScope(request, reply, context, session)) return;
  if (messagesOf(request.body).some(isRequest)) session.used = true;
  const transport = session.transport as StreamableHTTPServerTransport;
  reply.hijack();
  boundOutput(context, reply.raw, id);
  if (request.method === "GET") trackStream(session, reply.raw);
  attachAuthInfo(request);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}

async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  context: HttpContext,
): Promise<void> {
  const admitted = await admitSession(request, reply, context, "streamable");
  if (!admitted) return;
  const id = randomUUID();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
  await admitted.server.connect(transport);
  openSession(context, { id, kind: "streamable", ...admitted }, transport);
  reply.hijack();
  boundOutput(context, reply.raw, id);
  reply.raw.setHeader("set-cookie", sessionCookie(id));
  attachAuthInfo(request);
  await transport.handleRequest(request.raw, reply.raw, request.body);
  if (transport.sessionId === undefined) await context.sessions.close(id);
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
