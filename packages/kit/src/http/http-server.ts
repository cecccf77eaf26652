import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Logger } from "../logger.js";
import type { InFlightRequests } from "../runtime/in-flight.js";
import { SpacingLimiter } from "../runtime/rate-limiter.js";
import { installSessionGate } from "../runtime/session-gate.js";
import { SessionRefusedError, type SessionRequest } from "../runtime/session-request.js";
import { readSessionCookie, sessionCookie } from "./cookie.js";
import { discardBody } from "./discard-body.js";
import { JsonRpcCode, jsonRpcErrorBody } from "./json-rpc-error.js";
import {
  BODY_LIMIT_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  DISCARD_LIMIT_BYTES,
  DISCARD_TIMEOUT_MS,
} from "./limits.js";
import { createRequestGuard } from "./request-guard.js";
import { type HttpSession, SessionStore } from "./session-store.js";

/** Options of the HTTP transport. */
export interface HttpOptions {
  /**
   * Makes the server instance of one new session; may throw {@link SessionRefusedError} to
   * refuse it with `400`.
   */
  createServer: (session: SessionRequest) => Server;
  /** Extra fields merged into the `/mcp/health` body. */
  health?: () => Record<string, unknown>;
  name: string;
  version: string;
  host: string;
  port: number;
  allowedHosts: readonly string[];
  authToken: string | undefined;
  rateLimitMs: number;
  logger: Logger;
  inFlight: InFlightRequests;
  requestNoun?: string;
  sessionIdleMs?: number;
  maxSessions?: number;
}

/** A listening HTTP server. */
export interface HttpHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:8081/mcp`. */
  readonly url: string;
  readonly port: number;
  readonly sessions: SessionStore;
  /** Refuses new sessions with 503 from now on (shutdown has begun); live sessions go on. */
  drain(): void;
  /** Stops accepting connections, closes every session and the listener. */
  close(): Promise<void>;
}

/** Starts Streamable HTTP on `/mcp`, legacy SSE on `/sse` + `/messages`, and `/mcp/health`. */
export async function serveHttp(options: HttpOptions): Promise<HttpHandle> {
  const sessions = new SessionStore(
    options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS,
    options.maxSessions ?? DEFAULT_MAX_SESSIONS,
  );
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    logger: false,
    exposeHeadRoutes: false,
    // `__proto__` and `constructor` keys stay plain own properties, so a tool call carrying one
    // gets the same unknown-parameter answer as over stdio instead of a parse error.
    onProtoPoisoning: "ignore",
    onConstructorPoisoning: "ignore",
  });
  app.removeContentTypeParser("text/plain");
  let draining = false;
  installGuards(app, options);
  installErrorHandlers(app, options.logger);
  const startedAt = Date.now();
  app.get("/mcp/health", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return {
      status: "ok",
      name: options.name,
      version: options.version,
      uptime_s: Math.floor((Date.now() - startedAt) / 1000),
      sessions: sessions.size,
      ...options.health?.(),
    };
  });
  const accepting = () => !draining;
  registerStreamableRoutes(app, options, sessions, accepting);
  registerLegacySseRoutes(app, options, sessions, accepting);

  await app.listen({ host: options.host, port: options.port });
  sessions.startSweeping();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const hostForUrl = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostForUrl}:${port}/mcp`,
    port,
    sessions,
    drain() {
      draining = true;
    },
    async close() {
      await sessions.closeAll();
      await app.close();
    },
  };
}

function installGuards(app: FastifyInstance, options: HttpOptions): void {
  const guard = createRequestGuard(options.allowedHosts, options.authToken);
  app.addHook("onRequest", async (request, reply) => {
    const requireToken = request.url !== "/mcp/health";
    const refusal = guard.check(request.headers, { requireToken });
    if (!refusal) return;
    options.logger.warn("request refused", { status: refusal.status, url: request.url });
    if (refusal.status === 401) reply.header("www-authenticate", "Bearer");
    await reply
      .code(refusal.status)
      .type("application/json")
      .send(jsonRpcErrorBody(JsonRpcCode.serverError, refusal.message));
  });
}

function installErrorHandlers(app: FastifyInstance, logger: Logger): void {
  app.setErrorHandler(
    async (error: { statusCode?: number; code?: string; message: string }, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) logger.error(`http error: ${error.message}`);
      const code =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ||
        error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" ||
        status === 400
          ? JsonRpcCode.parseError
          : JsonRpcCode.serverError;
      const message =
        status >= 500 ? "Internal server error" : httpErrorMessage(status, error.message);
      if (status === 413) {
        await discardBody(request.raw, {
          maxBytes: DISCARD_LIMIT_BYTES,
          timeoutMs: DISCARD_TIMEOUT_MS,
        });
      }
      return reply.code(status).type("application/json").send(jsonRpcErrorBody(code, message));
    },
  );
  app.setNotFoundHandler((request, reply) => {
    void reply
      .code(404)
      .type("application/json")
      .send(
        jsonRpcErrorBody(
          JsonRpcCode.serverError,
          `Not found: ${request.method} ${request.url.split("?")[0]}`,
        ),
      );
  });
}

function httpErrorMessage(status: number, detail: string): string {
  if (status === 413) return `Payload too large: the body limit is ${BODY_LIMIT_BYTES} bytes`;
  if (status === 415) return "Unsupported media type: send application/json";
  if (status === 400) return `Parse error: ${detail}`;
  return detail;
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

function registerStreamableRoutes(
  app: FastifyInstance,
  options: HttpOptions,
  sessions: SessionStore,
  accepting: () => boolean,
): void {
  app.post("/mcp", async (request, reply) => {
    const initializing = containsInitialize(request.body);
    const headerId = request.headers["mcp-session-id"];
    const id = initializing && headerId === undefined ? undefined : requestedSessionId(request);
    if (id !== undefined) return forwardToSession(id, request, reply, sessions);
    if (!initializing) {
      return sendError(
        reply,
        400,
        JsonRpcCode.serverError,
        "Bad Request: no session; send initialize first",
      );
    }
    if (!accepting()) {
      return sendError(reply, 503, JsonRpcCode.serverError, "Shutting down; no new sessions");
    }
    if (sessions.full) {
      return sendError(reply, 503, JsonRpcCode.serverError, "Too many live sessions; retry later");
    }
    return startStreamableSession(request, reply, options, sessions);
  });
  app.get("/mcp", async (request, reply) => {
    const id = requestedSessionId(request);
    if (id === undefined)
      return sendError(reply, 400, JsonRpcCode.serverError, "Bad Request: no session id");
    return forwardToSession(id, request, reply, sessions);
  });
  app.delete("/mcp", async (request, reply) => {
    const id = requestedSessionId(request);
    if (id === undefined)
      return sendError(reply, 400, JsonRpcCode.serverError, "Bad Request: no session id");
    reply.raw.setHeader("set-cookie", sessionCookie("", 0));
    return forwardToSession(id, request, reply, sessions);
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

async function forwardToSession(
  id: string,
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionStore,
): Promise<void> {
  const session = sessions.touch(id);
  if (session?.kind !== "streamable") {
    return sendError(
      reply,
      404,
      JsonRpcCode.sessionNotFound,
      "Session not found or expired; initialize a new one",
    );
  }
  const transport = session.transport as StreamableHTTPServerTransport;
  reply.hijack();
  const isStream = request.method === "GET";
  if (isStream) trackStream(session, reply.raw);
  await transport.handleRequest(request.raw, reply.raw, request.body);
}

async function startStreamableSession(
  request: FastifyRequest,
  reply: FastifyReply,
  options: HttpOptions,
  sessions: SessionStore,
): Promise<void> {
  const id = randomUUID();
  let server: Server;
  try {
    server = options.createServer({ transport: "streamable", query: queryOf(request.url) });
  } catch (error) {
    if (!(error instanceof SessionRefusedError)) throw error;
    return sendError(reply, 400, JsonRpcCode.invalidParams, error.message);
  }
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => id });
  await server.connect(transport);
  const session = openSession(id, "streamable", server, transport, options, sessions);
  reply.hijack();
  reply.raw.setHeader("set-cookie", sessionCookie(id));
  await transport.handleRequest(request.raw, reply.raw, request.body);
  if (transport.sessionId === undefined) {
    await sessions.close(session.id);
  }
}

/** Connects the gate and the bookkeeping common to both HTTP transports. */
function openSession(
  id: string,
  kind: HttpSession["kind"],
  server: Server,
  transport: Transport,
  options: HttpOptions,
  sessions: SessionStore,
): HttpSession {
  const gate = installSessionGate(transport, {
    inFlight: options.inFlight,
    logger: options.logger,
    ...(options.requestNoun ? { requestNoun: options.requestNoun } : {}),
    ...(options.rateLimitMs > 0 ? { limiter: new SpacingLimiter(options.rateLimitMs) } : {}),
  });
  const session: HttpSession = {
    id,
    kind,
    server,
    transport,
    gate,
    lastSeen: Date.now(),
    openStreams: 0,
  };
  sessions.add(session);
  const previousOnClose = transport.onclose;
  transport.onclose = () => {
    previousOnClose?.();
    gate.close();
    sessions.forget(id);
  };
  return session;
}

function registerLegacySseRoutes(
  app: FastifyInstance,
  options: HttpOptions,
  sessions: SessionStore,
  accepting: () => boolean,
): void {
  app.get("/sse", async (request, reply) => {
    if (!accepting()) {
      return sendError(reply, 503, JsonRpcCode.serverError, "Shutting down; no new sessions");
    }
    if (sessions.full) {
      return sendError(reply, 503, JsonRpcCode.serverError, "Too many live sessions; retry later");
    }
    let server: Server;
    try {
      server = options.createServer({ transport: "sse", query: queryOf(request.url) });
    } catch (error) {
      if (!(error instanceof SessionRefusedError)) throw error;
      return sendError(reply, 400, JsonRpcCode.invalidParams, error.message);
    }
    reply.hijack();
    const transport = new SSEServerTransport("/messages", reply.raw);
    await server.connect(transport);
    const session = openSession(transport.sessionId, "sse", server, transport, options, sessions);
    trackStream(session, reply.raw);
    reply.raw.once("close", () => void sessions.close(session.id));
  });
  app.post("/messages", async (request, reply) => {
    const id = (request.query as Record<string, unknown>).sessionId;
    const session = typeof id === "string" ? sessions.touch(id) : undefined;
    if (session?.kind !== "sse") {
      return sendError(
        reply,
        404,
        JsonRpcCode.sessionNotFound,
        "Session not found or expired; open /sse again",
      );
    }
    reply.hijack();
    await (session.transport as SSEServerTransport).handlePostMessage(
      request.raw,
      reply.raw,
      request.body,
    );
  });
}

function trackStream(session: HttpSession, response: ServerResponse): void {
  session.openStreams++;
  response.once("close", () => {
    session.openStreams--;
    session.lastSeen = Date.now();
  });
}

function queryOf(url: string): URLSearchParams {
  const start = url.indexOf("?");
  return new URLSearchParams(start === -1 ? "" : url.slice(start + 1));
}

function containsInitialize(body: unknown): boolean {
  return Array.isArray(body)
    ? body.some((message) => isInitializeRequest(message))
    : isInitializeRequest(body);
}

async function sendError(
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
): Promise<void> {
  await reply.code(status).type("application/json").send(jsonRpcErrorBody(code, message));
}
