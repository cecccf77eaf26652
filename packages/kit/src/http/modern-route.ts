import type { ServerResponse } from "node:http";
import { toNodeHandler, toWebRequest } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  InMemoryServerEventBus,
  isLegacyRequest,
  type McpHttpHandler,
  type RequestId,
  type Server,
} from "@modelcontextprotocol/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ListenerSink } from "../resource-hub.js";
import { SpacingLimiter } from "../runtime/rate-limiter.js";
import { SessionRefusedError } from "../runtime/session-request.js";
import { attachAuthInfo, identityOf } from "./client-identity.js";
import { sendError } from "./error-handlers.js";
import type { HttpContext } from "./http-context.js";
import { JsonRpcCode } from "./json-rpc-error.js";
import { BODY_LIMIT_BYTES } from "./limits.js";
import { refuseMissingScope } from "./session-access.js";
import { boundOutput } from "./session-opening.js";

/** The MCP method of a modern-era listen stream, which stays open until the client leaves. */
const LISTEN = "subscriptions/listen";

/** How long a client should wait after a 429 for too many requests or streams in flight. */
const BUSY_RETRY_SECONDS = 1;

/** The most callers whose tool-call spacing is remembered at once (`--rate-limit-ms`). */
const MAX_SPACED_CALLERS = 10_000;

/** What the modern era adds to an HTTP server's `/mcp`. */
export interface ModernEndpoint {
  /**
   * Serves a POST if it belongs to the 2026-07-28 era (the SDK's own classification).
   * @returns `false` for a 2025-era request, which the caller serves in its session
   */
  serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** Modern requests and listen streams open now, for `/mcp/health`. */
  counts(): { requests_in_flight: number; listen_streams: number };
  /** Ends every listen stream gracefully and aborts modern requests in flight. */
  close(): Promise<void>;
}

/**
 * The 2026-07-28 era on `/mcp` (docs/contract.md §2): each request is served on its own by a
 * server the factory builds for it, through the SDK's `createMcpHandler` in its strict mode,
 * while 2025-era requests keep their sessions. Listen streams are served by one handler per
 * caller, whose event bus hears the process's resource hub through that caller's filter, so
 * that nobody hears of a change they may not read.
 */
export function createModernEndpoint(context: HttpContext): ModernEndpoint {
  const { options, limits } = context;
  const { logger, inFlight } = options;
  const onerror = (error: Error) => logger.debug(`modern request: ${error.message}`);
  const references = new Map<string, Server>();
  const handlerFor = (query: URLSearchParams, bus = new InMemoryServerEventBus()) =>
    createMcpHandler(
      () => options.createServer({ transport: "streamable", query, era: "modern" }),
      { legacy: "reject", onerror, bus, maxRequestBodySize: BODY_LIMIT_BYTES },
    );
  const shared = new Map<string, NodeHandler>();
  const listeners = new Map<string, ListenerGroup>();
  const busy = new Map<string, { requests: number; listens: number }>();
  const spacing = new Map<string, SpacingLimiter>();
  let listening = 0;
  let serving = 0;

  const nodeHandler = (handler: McpHttpHandler) => toNodeHandler(handler, { onerror });

  /** The handler for one query string (a server may build differently for `?tier=`). */
  const requestHandler = (search: string): NodeHandler => {
    let found = shared.get(search);
    if (!found) {
      const handler = handlerFor(new URLSearchParams(search));
      found = { handler, serve: nodeHandler(handler) };
      if (shared.size < 64) shared.set(search, found);
    }
    return found;
  };

  /** The listen handler of one caller and query, fed by the hub through the caller's filter. */
  const listenGroup = (key: string, subject: string | undefined, search: string) => {
    let group = listeners.get(key);
    if (!group) {
      const bus = new InMemoryServerEventBus(onerror);
      const handler = handlerFor(new URLSearchParams(search), bus);
      const sink: ListenerSink = {
        subject,
        resourceUpdated: (uri) => handler.notify.resourceUpdated(uri),
        resourcesChanged: () => handler.notify.resourcesChanged(),
      };
      group = { handler, serve: nodeHandler(handler), open: 0, stop: options.hub?.listen(sink) };
      listeners.set(key, group);
    }
    return group;
  };

  const release = (key: string, group: ListenerGroup) => {
    group.open--;
    if (group.open > 0 || listeners.get(key) !== group) return;
    listeners.delete(key);
    group.stop?.();
    group.handler.close().catch(onerror);
  };

  return {
    async serve(request, reply) {
      const web = await toWebRequest(request.raw, request.body);
      if (await isLegacyRequest(web, request.body)) return false;
      const identity = identityOf(request);
      const caller = identity.subject ?? identity.address;
      const message = singleRequest(request.body);
      const listen = message?.method === LISTEN;
      const search = searchOf(request.url);
      let reference: Server;
      try {
        reference = referenceFor(search);
      } catch (error) {
        if (!(error instanceof SessionRefusedError)) throw error;
        await sendError(reply, 400, JsonRpcCode.invalidParams, error.message);
        return true;
      }
      if (await refuseMissingScope(request, reply, context, reference)) return true;
      const count = busy.get(caller) ?? { requests: 0, listens: 0 };
      if (
        listen
          ? count.listens >= limits.maxListensPerClient
          : count.requests >= limits.maxRequestsPerClient
      ) {
        const what = listen ? "listen streams" : "requests in flight";
        const max = listen ? limits.maxListensPerClient : limits.maxRequestsPerClient;
        logger.warn("modern request refused", {
          status: 429,
          caller: identity.subject,
          address: identity.address,
        });
        return refuse(
          reply,
          429,
          message?.id,
          `Too many ${what} for this client (at most ${max}); retry later`,
          BUSY_RETRY_SECONDS,
        );
      }
      if (!context.accepting() && listen) {
        return refuse(
          reply,
          503,
          message?.id,
          "Shutting down; no new listen streams",
          BUSY_RETRY_SECONDS,
        );
      }
      const limiter =
        options.rateLimitMs > 0 && message?.method === "tools/call" ? spacer(caller) : undefined;
      if (limiter && !(await spaced(limiter, reply, message?.id, options.requestNoun))) return true;
      const group = listen
        ? listenGroup(`${caller}\u0000${search}`, identity.subject, search)
        : undefined;
      const target = group ?? requestHandler(search);
      if (listen) count.listens++;
      else count.requests++;
      busy.set(caller, count);
      if (group) group.open++;
      if (listen) listening++;
      else serving++;
      inFlight.begin();
      reply.hijack();
      boundOutput(context, reply.raw, "modern");
      attachAuthInfo(request);
      const done = once(() => {
        inFlight.end();
        if (listen) {
          count.listens--;
          listening--;
        } else {
          count.requests--;
          serving--;
        }
        if (count.listens === 0 && count.requests === 0 && busy.get(caller) === count)
          busy.delete(caller);
        if (group) release(`${caller}\u0000${search}`, group);
      });
      reply.raw.once("close", done);
      try {
        await target.serve(request.raw, reply.raw as ServerResponse, request.body);
      } finally {
        if (!listen) done();
      }
      return true;
    },
    counts: () => ({ requests_in_flight: serving, listen_streams: listening }),
    async close() {
      await Promise.all(
        [...shared.values(), ...listeners.values()].map(({ handler }) =>
          handler.close().catch(onerror),
        ),
      );
      for (const group of listeners.values()) group.stop?.();
      listeners.clear();
      await Promise.all([...references.values()].map((server) => server.close().catch(onerror)));
      references.clear();
    },
  };

  /**
   * A server built once for a query string, whose declared scopes decide each request's: the
   * servers that answer are built per request by the SDK, after the scopes are checked.
   * @throws SessionRefusedError when the server factory refuses the query (answered 400)
   */
  function referenceFor(search: string): Server {
    let server = references.get(search);
    if (!server) {
      const query = new URLSearchParams(search);
      server = options.createServer({ transport: "streamable", query, era: "modern" });
      if (references.size < 64) references.set(search, server);
    }
    return server;
  }

  function spacer(caller: string): SpacingLimiter {
    let limiter = spacing.get(caller);
    if (!limiter) {
      if (spacing.size >= MAX_SPACED_CALLERS) {
        const oldest = spacing.keys().next().value;
        if (oldest !== undefined) spacing.delete(oldest);
      }
      limiter = new SpacingLimiter(options.rateLimitMs);
      spacing.set(caller, limiter);
    }
    return limiter;
  }
}

interface NodeHandler {
  handler: McpHttpHandler;
  serve: ReturnType<typeof toNodeHandler>;
}

interface ListenerGroup extends NodeHandler {
  open: number;
  stop: (() => void) | undefined;
}

/**
 * Waits for a tool call's turn under `--rate-limit-ms`, or refuses it with 429 when too many
 * of the caller's calls already wait.
 * @returns `true` when the call may go on
 */
function spaced(
  limiter: SpacingLimiter,
  reply: FastifyReply,
  id: RequestId | undefined,
  noun = "requests",
): Promise<boolean> {
  return new Promise((resolve) => {
    const decision = limiter.schedule(() => resolve(true));
    if (decision.kind !== "rejected") return;
    const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1_000));
    const message = `Too many ${noun} waiting (${limiter.maxWaiting}); retry after ${decision.retryAfterMs} ms`;
    refuse(reply, 429, id, message, seconds).then(
      () => resolve(false),
      () => resolve(false),
    );
  });
}

async function refuse(
  reply: FastifyReply,
  status: number,
  id: RequestId | undefined,
  message: string,
  retryAfterSeconds: number,
): Promise<true> {
  await reply
    .code(status)
    .header("retry-after", String(retryAfterSeconds))
    .type("application/json")
    .send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: id ?? null,
        error: { code: JsonRpcCode.serverError, message },
      }),
    );
  return true;
}

/** The request a POST body holds, when it is exactly one JSON-RPC request. */
function singleRequest(body: unknown): { id: RequestId; method: string } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { id, method } = body as { id?: unknown; method?: unknown };
  if (typeof method !== "string") return undefined;
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  return { id, method };
}

function searchOf(url: string): string {
  const start = url.indexOf("?");
  return start === -1 ? "" : url.slice(start + 1);
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
