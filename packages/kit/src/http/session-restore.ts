import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { FastifyRequest } from "fastify";
import { identityOf } from "./client-identity.js";
import type { DurableSessionRecord } from "./durable-sessions.js";
import type { HttpContext } from "./http-context.js";
import { openSession } from "./session-opening.js";
import type { HttpSession } from "./session-store.js";

/** Restores under way, per server, so that two requests for one session rebuild it once. */
const underWay = new WeakMap<HttpContext, Map<string, Promise<HttpSession | undefined>>>();

/**
 * Rebuilds a Streamable HTTP session this process does not hold from the durable sessions'
 * store: a new server and transport, brought to the initialized state by handing the
 * transport the client's stored `initialize` (its answer went to the client long ago and is
 * dropped). Answers nothing itself: `undefined` means the caller answers `404`.
 *
 * @param request - the request naming the session
 * @param context - the server's sessions and options
 * @param id - the session id it names
 * @returns the session, now live in this process; `undefined` when there are no durable
 *   sessions, the store does not know the id, or another subject opened it
 */
export function restoreSession(
  request: FastifyRequest,
  context: HttpContext,
  id: string,
): Promise<HttpSession | undefined> {
  // Served while shutting down too: the session is not new to its client, and the store keeps
  // it for another process once this one has gone.
  if (!context.options.durableSessions) return Promise.resolve(undefined);
  const pending = underWay.get(context) ?? new Map<string, Promise<HttpSession | undefined>>();
  underWay.set(context, pending);
  const known = pending.get(id);
  if (known) return known;
  const restoring = rebuild(request, context, id).finally(() => pending.delete(id));
  pending.set(id, restoring);
  return restoring;
}

async function rebuild(
  request: FastifyRequest,
  context: HttpContext,
  id: string,
): Promise<HttpSession | undefined> {
  const durable = context.options.durableSessions;
  const record = await durable?.resume(id, context.limits.sessionIdleMs);
  const { address, subject, authInfo } = identityOf(request);
  if (!record || record.subject !== subject) return undefined;
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => id });
  const server = context.options.createServer({
    transport: "streamable",
    query: new URLSearchParams(),
    sessionId: id,
    restored: { state: record.state },
  });
  await server.connect(transport);
  await replayInitialize(transport, record);
  if (transport.sessionId !== id) {
    await server.close();
    return undefined;
  }
  const clientId = authInfo?.clientId ? authInfo.clientId : undefined;
  const owner = {
    address,
    ...(subject !== undefined ? { subject } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
  };
  const session = openSession(context, { id, kind: "streamable", server, owner }, transport);
  session.used = true;
  context.options.logger.info("session restored", { session: id, subject });
  return session;
}

/**
 * Hands the transport the stored `initialize` as an HTTP request that never touched the
 * network: the SDK offers no other public way to mark a transport initialized, and the server
 * learns the client's protocol version, capabilities and info from it as it did the first time.
 */
async function replayInitialize(
  transport: NodeStreamableHTTPServerTransport,
  record: DurableSessionRecord,
): Promise<void> {
  const message = { jsonrpc: "2.0", id: 0, method: "initialize", params: record.initialize };
  const request = new IncomingMessage(new Socket());
  request.method = "POST";
  request.url = "/mcp";
  const headers = {
    host: "localhost",
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  request.headers = headers;
  request.rawHeaders = Object.entries(headers).flat();
  request.push(JSON.stringify(message));
  request.push(null);
  const response = new ServerResponse(request);
  await transport.handleRequest(request, response, message);
}
