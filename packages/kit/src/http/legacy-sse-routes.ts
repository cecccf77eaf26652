import { SSEServerTransport } from "@modelcontextprotocol/server-legacy/sse";
import type { FastifyInstance } from "fastify";
import { attachAuthInfo } from "./client-identity.js";
import { sendError } from "./error-handlers.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode } from "./json-rpc-error.js";
import { ownSession, refuseMissingScope } from "./session-access.js";
import { admitSession, boundOutput, openSession, trackStream } from "./session-opening.js";

/** `GET /sse` + `POST /messages`: the deprecated HTTP+SSE transport, for old clients. */
export function registerLegacySseRoutes(app: FastifyInstance, context: HttpContext): void {
  app.get("/sse", async (request, reply) => {
    const admitted = await admitSession(request, reply, context, "sse");
    if (!admitted) return;
    reply.hijack();
    const transport = new SSEServerTransport("/messages", reply.raw);
    const id = transport.sessionId;
    boundOutput(context, reply.raw, id);
    await admitted.server.connect(transport);
    const session = openSession(context, { ...admitted, id, kind: "sse" }, transport);
    trackStream(session, reply.raw);
    reply.raw.once("close", () => void context.sessions.close(id));
  });
  app.post("/messages", async (request, reply) => {
    const id = (request.query as Record<string, unknown>).sessionId;
    const session = typeof id === "string" ? ownSession(request, context, id) : undefined;
    if (session?.kind !== "sse") {
      return sendError(
        reply,
        404,
        JsonRpcCode.sessionNotFound,
        "Session not found or expired; open /sse again",
      );
    }
    if (await refuseMissingScope(request, reply, context, session.server)) return;
    reply.hijack();
    attachAuthInfo(request);
    await (session.transport as SSEServerTransport).handlePostMessage(
      request.raw,
      reply.raw,
      request.body,
    );
  });
}
