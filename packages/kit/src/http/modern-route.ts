import type { ServerResponse } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  type AuthInfo,
  classifyInboundRequest,
  createMcpHandler,
  InMemoryServerEventBus,
  type McpHttpHandler,
  type McpRequestContext,
  type RequestId,
  type Server,
} from "@modelcontextprotocol/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import { identityFromAuthInfo } from "../auth/identity.js";
import { MAX_SUBSCRIPTIONS } from "../request-params.js";
import type { ListenerRegistration, ListenerSink } from "../resource-hub.js";
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

/** The answer to a listen stream asking for more resources than a 2025 session may hold. */
const TOO_MANY_URIS = `Invalid params: params.notifications.resourceSubscriptions may name at most ${MAX_SUBSCRIPTIONS.toLocaleString("en-US")} resources`;

/**
 * The deepest body served, in levels of arrays and objects. The SDK's node adapter writes a
 * parsed body out again before serving it, which a body nested thousands of levels deep
 * overflows; no MCP message comes near this.
 */
const MAX_BODY_DEPTH = 1_000;

/** The answer to a body nested deeper than {@link MAX_BODY_DEPTH}. */
const TOO_DEEP = `Invalid request: the body nests deeper than ${MAX_BODY_DEPTH.toLocaleString("en-US")} levels of arrays and objects`;

/** How long a client should wait after a 429 for too many requests or streams in flight. */
const BUSY_RETRY_SECONDS = 1;

/** The most query strings whose handlers and reference servers are kept (e.g. `?tier=`). */
const MAX_QUERIES = 64;

/** The most callers whose tool-call spacing is remembered at once (`--rate-limit-ms`). */
const MAX_SPACED_CALLERS = 10_000;

/**
 * The header through which the server factory the SDK calls for a modern request learns who
 * sends it (the SDK hands the factory the web request it built). The kit sets it on every
 * modern request, URI-encoded, replacing anything a client sent under that name.
 */
const CALLER_HEADER = "x-tabletop-caller";

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
  return new ModernRoute(context);
}

/** What one modern request is, once admitted: who sent it and where it goes. */
interface Admitted {
  caller: string;
  count: ClientLoad;
  listen: boolean;
  group: ListenerGroup | undefined;
  groupKey: string;
  target: NodeHandler;
  /** The resources a listen stream asks to hear of. */
  uris: readonly string[];
}

/** One client's modern requests and listen streams open now. */
interface ClientLoad {
  requests: number;
  listens: number;
}

class ModernRoute implements ModernEndpoint {
  private readonly references = new Map<string, Server>();
  private readonly shared = new Map<string, NodeHandler>();
  private readonly listeners = new Map<string, ListenerGroup>();
  private readonly busy = new Map<string, ClientLoad>();
  private readonly spacing = new Map<string, SpacingLimiter>();
  private listening = 0;
  private serving = 0;
  private readonly onerror: (error: Error) => void;

  constructor(private readonly context: HttpContext) {
    const { logger } = context.options;
    this.onerror = (error) => logger.debug(`modern request: ${error.message}`);
  }

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const body = request.body;
    if (nestsDeeperThan(body, MAX_BODY_DEPTH)) {
      await answer(reply, 400, singleRequest(body)?.id, JsonRpcCode.invalidRequest, TOO_DEEP);
      return true;
    }
    if (isLegacy(request)) return false;
    const admitted = await this.admit(request, reply);
    if (!admitted) return true;
    const { caller, count, listen, group, groupKey, target } = admitted;
    if (listen) count.listens++;
    else count.requests++;
    this.busy.set(caller, count);
    if (listen) this.listening++;
    else this.serving++;
    this.context.options.inFlight.begin();
    const done = once(() => this.finished(admitted, groupKey));
    reply.raw.once("close", done);
    if (group) {
      group.open++;
      for (const uri of admitted.uris) group.uris.set(uri, (group.uris.get(uri) ?? 0) + 1);
      await this.urisChanged(group);
    }
    reply.hijack();
    boundOutput(this.context, reply.raw, "modern");
    attachAuthInfo(request);
    try {
      request.raw.headers[CALLER_HEADER] = encodeURIComponent(caller);
      await target.serve(request.raw, reply.raw as ServerResponse, request.body);
    } finally {
      if (!listen) done();
    }
    return true;
  }

  counts() {
    return { requests_in_flight: this.serving, listen_streams: this.listening };
  }

  async close(): Promise<void> {
    const handlers = [...this.shared.values(), ...this.listeners.values()];
    await Promise.all(handlers.map(({ handler }) => handler.close().catch(this.onerror)));
    for (const group of this.listeners.values()) group.registration?.stop();
    this.listeners.clear();
    const servers = [...this.references.values()];
    await Promise.all(servers.map((server) => server.close().catch(this.onerror)));
    this.references.clear();
  }

  /**
   * Checks a modern request before it is served: the query the server factory accepts, the
   * scopes its messages need, the client's requests or streams in flight, shutdown, and the
   * spacing of tool calls. Answers a refusal itself.
   * @returns where the request goes, or `undefined` when it was refused
   */
  private async admit(request: FastifyRequest, reply: FastifyReply): Promise<Admitted | undefined> {
    const { options, limits } = this.context;
    const identity = identityOf(request);
    const caller = identity.subject ?? identity.address;
    const message = singleRequest(request.body);
    const listen = message?.method === LISTEN;
    const uris = listen ? listenedUris(request.body) : [];
    if (!uris) {
      await answer(reply, 400, message?.id, JsonRpcCode.invalidParams, TOO_MANY_URIS);
      return undefined;
    }
    const search = searchOf(request.url);
    const reference = await this.referenceOrRefuse(search, reply);
    if (!reference) return undefined;
    if (await refuseMissingScope(request, reply, this.context, reference)) return undefined;
    const count = this.busy.get(caller) ?? { requests: 0, listens: 0 };
    const max = listen ? limits.maxListensPerClient : limits.maxRequestsPerClient;
    if ((listen ? count.listens : count.requests) >= max) {
      const what = listen ? "listen streams" : "requests in flight";
      options.logger.warn("modern request refused", { status: 429, address: identity.address });
      const sentence = `Too many ${what} for this client (at most ${max}); retry later`;
      await refuse(reply, 429, message?.id, sentence, BUSY_RETRY_SECONDS);
      return undefined;
    }
    if (listen && !this.context.accepting()) {
      const sentence = "Shutting down; no new listen streams";
      await refuse(reply, 503, message?.id, sentence, BUSY_RETRY_SECONDS);
      return undefined;
    }
    if (options.rateLimitMs > 0 && message?.method === "tools/call") {
      const limiter = this.spacer(caller);
      if (!(await spaced(limiter, reply, message.id, options.requestNoun))) return undefined;
    }
    const groupKey = `${caller}\u0000${search}`;
    // The caller as tools see it: without auth or with the shared token, the reserved subject.
    const subject = identityFromAuthInfo(identity.authInfo).subject;
    const group = listen
      ? this.listenGroup(groupKey, { subject, authInfo: identity.authInfo, search })
      : undefined;
    const target = group ?? this.requestHandler(search);
    return { caller, count, listen, group, groupKey, target, uris };
  }

  private finished({ caller, count, listen, group, uris }: Admitted, groupKey: string): void {
    this.context.options.inFlight.end();
    for (const uri of group ? uris : []) {
      const left = (group?.uris.get(uri) ?? 1) - 1;
      if (left > 0) group?.uris.set(uri, left);
      else group?.uris.delete(uri);
    }
    if (listen) {
      count.listens--;
      this.listening--;
    } else {
      count.requests--;
      this.serving--;
    }
    const idle = count.listens === 0 && count.requests === 0;
    if (idle && this.busy.get(caller) === count) this.busy.delete(caller);
    if (group) {
      if (listen && uris.length > 0) void this.urisChanged(group);
      this.release(groupKey, group);
    }
  }

  /**
   * Tells a listen group's source that its URIs changed, and waits for it (it may subscribe
   * upstream first), so a new stream is acknowledged once it can hear of them. A source that
   * fails is logged; the stream is served anyway.
   */
  private async urisChanged(group: ListenerGroup): Promise<void> {
    try {
      await group.registration?.urisChanged?.();
    } catch (error) {
      this.onerror(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private handlerFor(query: URLSearchParams, bus = new InMemoryServerEventBus()): McpHttpHandler {
    const { createServer } = this.context.options;
    const build = ({ requestInfo }: McpRequestContext) => {
      const caller = callerOf(requestInfo);
      return createServer({
        transport: "streamable",
        query,
        era: "modern",
        ...(caller === undefined ? {} : { caller }),
      });
    };
    return createMcpHandler(build, {
      legacy: "reject",
      onerror: this.onerror,
      bus,
      maxRequestBodySize: BODY_LIMIT_BYTES,
    });
  }

  private nodeHandler(handler: McpHttpHandler): NodeHandler {
    return { handler, serve: toNodeHandler(handler, { onerror: this.onerror }) };
  }

  /** The handler for one query string (a server may build differently for `?tier=`). */
  private requestHandler(search: string): NodeHandler {
    let found = this.shared.get(search);
    if (!found) {
      found = this.nodeHandler(this.handlerFor(new URLSearchParams(search)));
      if (this.shared.size < MAX_QUERIES) this.shared.set(search, found);
    }
    return found;
  }

  /**
   * The listen handler of one caller and query, fed by the server's listener source (the
   * process's hub, which filters by the caller).
   */
  private listenGroup(key: string, caller: ListenCaller): ListenerGroup {
    let group = this.listeners.get(key);
    if (!group) {
      const query = new URLSearchParams(caller.search);
      const handler = this.handlerFor(query, new InMemoryServerEventBus(this.onerror));
      const uris = new Map<string, number>();
      const sink: ListenerSink = {
        subject: caller.subject,
        authInfo: caller.authInfo,
        query,
        resourceUpdated: (uri) => handler.notify.resourceUpdated(uri),
        resourcesChanged: () => handler.notify.resourcesChanged(),
        toolsChanged: () => handler.notify.toolsChanged(),
        promptsChanged: () => handler.notify.promptsChanged(),
        subscribedUris: () => uris.keys(),
      };
      const registration = this.context.options.listeners?.listen(sink);
      group = { ...this.nodeHandler(handler), open: 0, uris, registration };
      this.listeners.set(key, group);
    }
    return group;
  }

  private release(key: string, group: ListenerGroup): void {
    group.open--;
    if (group.open > 0 || this.listeners.get(key) !== group) return;
    this.listeners.delete(key);
    group.registration?.stop();
    group.handler.close().catch(this.onerror);
  }

  /**
   * A server built once for a query string, whose declared scopes decide each request's: the
   * servers that answer are built per request by the SDK, after the scopes are checked. A
   * query the server factory refuses is answered 400.
   */
  private async referenceOrRefuse(
    search: string,
    reply: FastifyReply,
  ): Promise<Server | undefined> {
    let server = this.references.get(search);
    if (server) return server;
    try {
      const query = new URLSearchParams(search);
      server = this.context.options.createServer({ transport: "streamable", query, era: "modern" });
    } catch (error) {
      if (!(error instanceof SessionRefusedError)) throw error;
      await sendError(reply, 400, JsonRpcCode.invalidParams, error.message);
      return undefined;
    }
    if (this.references.size < MAX_QUERIES) this.references.set(search, server);
    return server;
  }

  private spacer(caller: string): SpacingLimiter {
    let limiter = this.spacing.get(caller);
    if (!limiter) {
      if (this.spacing.size >= MAX_SPACED_CALLERS) {
        const oldest = this.spacing.keys().next().value;
        if (oldest !== undefined) this.spacing.delete(oldest);
      }
      limiter = new SpacingLimiter(this.context.options.rateLimitMs);
      this.spacing.set(caller, limiter);
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
  /** The URIs its open streams listen to, each with how many streams do. */
  uris: Map<string, number>;
  registration: ListenerRegistration | undefined;
}

/** Who opens a listen stream, and on which query string. */
interface ListenCaller {
  /** The caller as tools see it: without auth or with the shared token, the reserved subject. */
  subject: string | undefined;
  authInfo: AuthInfo | undefined;
  search: string;
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
    if (decision.kind === "run") resolve(true);
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
  reply.header("retry-after", String(retryAfterSeconds));
  await answer(reply, status, id, JsonRpcCode.serverError, message);
  return true;
}

/** Answers with a JSON-RPC error carrying the request's id when it could be read. */
async function answer(
  reply: FastifyReply,
  status: number,
  id: RequestId | undefined,
  code: number,
  message: string,
): Promise<void> {
  await reply
    .code(status)
    .type("application/json")
    .send(JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error: { code, message } }));
}

/**
 * Whether a POST belongs to the 2025 era, by the SDK's own classifier on the body Fastify has
 * already parsed and the standard headers: what the SDK's `isLegacyRequest` decides, without
 * building a web `Request` for it (the SDK's node adapter builds one to serve the request).
 * A POST without a JSON body holds no envelope, so it is the 2025 era's to answer.
 */
function isLegacy(request: FastifyRequest): boolean {
  if (request.body === undefined) return true;
  const outcome = classifyInboundRequest({
    httpMethod: "POST",
    protocolVersionHeader: headerOf(request, "mcp-protocol-version"),
    mcpMethodHeader: headerOf(request, "mcp-method"),
    mcpNameHeader: headerOf(request, "mcp-name"),
    body: request.body,
  });
  return outcome.kind === "legacy";
}

/** A header's value as a web `Headers` object reads it: repeated values joined by `, `. */
function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** The caller the kit wrote on a modern request it serves. */
function callerOf(request: Request | undefined): string | undefined {
  const value = request?.headers.get(CALLER_HEADER);
  if (value === null || value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Whether a parsed JSON value nests arrays and objects more than `limit` levels deep. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== "object" || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) {
      if (typeof child === "object" && child !== null) pending.push({ value: child, depth });
    }
  }
  return false;
}

/** The request a POST body holds, when it is exactly one JSON-RPC request. */
function singleRequest(body: unknown): { id: RequestId; method: string } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { id, method } = body as { id?: unknown; method?: unknown };
  if (typeof method !== "string") return undefined;
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  return { id, method };
}

/**
 * The distinct resource URIs a listen request's body asks to hear of; what is not a string is
 * left to the SDK to refuse.
 * @returns `undefined` when the body names more than {@link MAX_SUBSCRIPTIONS}, repeats counted
 */
function listenedUris(body: unknown): string[] | undefined {
  const params = (body as { params?: unknown }).params;
  const notifications = (params as { notifications?: unknown } | undefined)?.notifications;
  const requested = (notifications as { resourceSubscriptions?: unknown } | undefined)
    ?.resourceSubscriptions;
  if (!Array.isArray(requested)) return [];
  if (requested.length > MAX_SUBSCRIPTIONS) return undefined;
  return [...new Set(requested.filter((uri): uri is string => typeof uri === "string"))];
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
