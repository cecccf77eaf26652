import {
  type AuthInfo,
  type Implementation,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type LoggingLevel,
  type Notification,
  ProtocolErrorCode,
  type Result,
  Server,
  type ServerCapabilities,
  type ServerNotification,
} from "@modelcontextprotocol/server";
import { processRedactor, UNPARSED_PARAMS } from "@tabletop-mcp/kit";
import { declareRequestScopes } from "@tabletop-mcp/kit/auth";
import { SpacingLimiter } from "@tabletop-mcp/kit/cli";
import { gatewayScopeOf } from "../auth/request-scopes.js";
import { isCachedMethod, withCacheHint } from "../catalog/cache-hints.js";
import { originalUri } from "../catalog/names.js";
import type { Tier } from "../config/types.js";
import { TASKS_EXTENSION } from "../upstreams/task-lane.js";
import type { SessionPeer, Upstream, UpstreamLink } from "../upstreams/upstream.js";
import type { CallerLinks } from "./caller-links.js";
import { type ClientProfile, profileOf } from "./client-profile.js";
import { askClient, heldRequest } from "./client-requests.js";
import { Forwarding } from "./forwarding.js";
import { ProtocolError, toProtocolError } from "./protocol-error.js";
import {
  REQUEST_HANDLERS,
  type RequestHandler,
  TASK_REQUEST_HANDLERS,
} from "./request-handlers.js";
import { route, STATS_URI } from "./resource-requests.js";
import type { DownstreamExtra, SessionContext, SessionHost } from "./session-context.js";
import { fromOwnConnection, gatewayEvent, sendLog } from "./session-notifications.js";
import { ToolView } from "./tool-view.js";

export type { SessionHost } from "./session-context.js";

/** What every session is promised: fixed, so an upstream that connects late needs nothing more. */
const CAPABILITIES = {
  tools: { listChanged: true },
  prompts: { listChanged: true },
  resources: { subscribe: true, listChanged: true },
  logging: {},
  completions: {},
};

/**
 * What a 2026-07-28 client is promised: {@link CAPABILITIES}, and the tasks extension while an
 * upstream offers it (docs/gateway.md §7.7).
 */
function modernCapabilities(host: SessionHost): ServerCapabilities {
  if (!host.upstreams.some((upstream) => upstream.offersTasks)) return CAPABILITIES;
  return { ...CAPABILITIES, extensions: { [TASKS_EXTENSION]: {} } };
}

/**
 * One downstream client connection: its own SDK `Server` (docs/gateway.md §6), its links to
 * the upstreams, and its state (tier, logging level, subscriptions, routes). Requests are
 * answered by the handlers of {@link REQUEST_HANDLERS}.
 */
export class DownstreamSession implements SessionContext, SessionPeer {
  readonly server: Server;
  readonly tools: ToolView;
  readonly forwarding: Forwarding;
  readonly subscriptions = new Map<string, Upstream>();
  routes = new Map<string, Upstream>();
  logLevel: LoggingLevel | undefined;
  private readonly links: (UpstreamLink | undefined)[];
  private readonly limiters: (SpacingLimiter | undefined)[];
  private closed = false;
  /** The caller's `authInfo` as the last request carried it (a session keeps one subject). */
  private authInfo: AuthInfo | undefined;

  /** The caller's links, for a 2026-07-28 request (taken on first use). */
  private pool: CallerLinks | undefined;

  private readonly callerLinks: (() => CallerLinks) | undefined;
  readonly modern: boolean;

  /**
   * @param host - the gateway
   * @param tier - the session's latency tier
   * @param options - `modern` for a server of the 2026-07-28 era (its results carry cache
   *   hints); `callerLinks` for one 2026-07-28 request over HTTP, the links of its caller, which
   *   it uses instead of links of its own (docs/gateway.md §4.7)
   */
  constructor(
    readonly host: SessionHost,
    readonly tier: Tier,
    options: { modern?: boolean; callerLinks?: () => CallerLinks } = {},
  ) {
    this.callerLinks = options.callerLinks;
    this.modern = options.modern === true;
    this.links = new Array(host.upstreams.length);
    this.limiters = host.upstreams.map((upstream) =>
      upstream.entry.rateLimitMs > 0 ? new SpacingLimiter(upstream.entry.rateLimitMs) : undefined,
    );
    this.tools = new ToolView(host.catalog, tier, () => this.clientCapabilities);
    this.forwarding = new Forwarding(
      (upstream) => this.link(upstream),
      () => this.callerAuthInfo(),
    );
    this.server = new Server(
      { name: "tabletop-gateway", version: host.version },
      {
        capabilities: this.modern ? modernCapabilities(host) : CAPABILITIES,
        instructions: host.instructions(),
        jsonSchemaValidator: host.validator,
        // A retried call's requestState is the gateway's own, checked before any handler runs.
        requestState: { verify: (state, ctx) => host.inputRounds.verify(state, ctx) },
      },
    );
    // The SDK's own setLevel handler would answer for us; ours forwards the level upstream.
    this.server.removeRequestHandler("logging/setLevel");
    // One handler per method the gateway serves, so that the SDK itself answers any other
    // method as not found (in the 2026-07-28 era with HTTP 404).
    const handlers = this.modern
      ? [...REQUEST_HANDLERS, ...TASK_REQUEST_HANDLERS]
      : REQUEST_HANDLERS;
    for (const [method, handle] of handlers) {
      const hinted = options.modern === true && isCachedMethod(method);
      this.server.setRequestHandler(method, UNPARSED_PARAMS, async (params, ctx) => {
        this.authInfo = ctx.http?.authInfo ?? this.authInfo;
        try {
          const result = await this.dispatch(handle, params, ctx);
          return hinted
            ? withCacheHint(method, result, { upstreams: host.upstreams, tier })
            : result;
        } catch (error) {
          throw toProtocolError(error, processRedactor);
        }
      });
    }
    declareRequestScopes(
      this.server,
      gatewayScopeOf({
        tools: host.catalog.tools,
        route: (uri) => route(this, uri),
        statsUri: STATS_URI,
      }),
      host.scopes(),
    );
    this.server.fallbackNotificationHandler = async (notification) => {
      if (notification.method === "notifications/roots/list_changed")
        this.toOwnConnections(notification);
    };
    this.server.onerror = (error) =>
      host.logger.warn(`downstream protocol error: ${error.message}`);
    this.server.onclose = () => void this.close();
  }

  callerAuthInfo(): AuthInfo | undefined {
    return this.authInfo;
  }

  get clientInfo(): Implementation {
    return this.server.getClientVersion() ?? { name: "unknown", version: "0" };
  }

  get clientCapabilities(): ClientProfile {
    return profileOf(this.server.getClientCapabilities());
  }

  link(upstream: Upstream): UpstreamLink {
    const pool = this.callerPool();
    if (pool) return pool.link(upstream, this);
    let link = this.links[upstream.index];
    if (!link) {
      link = this.host.linkFor(upstream, this);
      this.links[upstream.index] = link;
    }
    return link;
  }

  linkOwner(): unknown {
    return this.callerPool() ?? this;
  }

  limiter(upstream: Upstream): SpacingLimiter | undefined {
    const pool = this.callerPool();
    return pool ? pool.limiter(upstream) : this.limiters[upstream.index];
  }

  /** The caller's links, for a 2026-07-28 request: held from its first use until it ends. */
  private callerPool(): CallerLinks | undefined {
    if (!this.callerLinks) return undefined;
    if (!this.pool) {
      this.pool = this.callerLinks();
      if (!this.closed) this.pool.begin(this, this.authInfo);
    }
    return this.pool;
  }

  private async dispatch(
    handle: RequestHandler,
    params: unknown,
    ctx: DownstreamExtra,
  ): Promise<Result> {
    const given = params ?? {};
    if (typeof given !== "object" || Array.isArray(given)) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, "params must be an object");
    }
    return handle(this, given as Record<string, unknown>, ctx);
  }

  /** Whether the tools this session may see moved across its tier since it was last told. */
  tierVisibilityChanged(): boolean {
    return this.tools.tierVisibilityChanged();
  }

  /** How many of this session's requests are being forwarded to `upstream` now. */
  forwardingTo(upstream: Upstream): number {
    return this.forwarding.to(upstream).size;
  }

  fromUpstream(upstream: Upstream, notification: JSONRPCNotification): void {
    fromOwnConnection(this, upstream, notification);
  }

  /** An upstream's log message from a connection every session shares. */
  sendLog(upstream: Upstream, notification: JSONRPCNotification): void {
    sendLog(this, upstream, notification);
  }

  /** Tells this client of a gateway event, subject to its logging level. */
  gatewayEvent(level: "warning" | "error", data: string): void {
    gatewayEvent(this, level, data);
  }

  /**
   * A request of an upstream for this session's client: asked on the session (2025), or, for a
   * 2026-07-28 session's own connection, held for the client's next round (§7.6).
   */
  upstreamRequest(
    upstream: Upstream,
    request: JSONRPCRequest,
    signal: AbortSignal,
  ): Promise<Result> {
    if (this.modern)
      return heldRequest(this.host.pendingCalls.to(upstream, this), upstream, request, signal);
    return askClient(this, upstream, request, signal);
  }

  send(notification: Notification): void {
    if (this.closed) return;
    this.server.notification(notification as ServerNotification).catch(() => {});
  }

  private toOwnConnections(notification: Notification): void {
    for (const link of this.links) {
      if (link && !link.shared) void link.notify(notification).catch(() => {});
    }
  }

  /** Ends the session: closes its own connections, drops its subscriptions, tells the gateway. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const limiter of this.limiters) limiter?.clear();
    const closing: Promise<unknown>[] = [];
    for (const [uri, upstream] of this.subscriptions) {
      const own = originalUri(upstream.entry.prefix, uri);
      if (this.links[upstream.index]?.shared && own !== undefined) {
        closing.push(this.host.sharedUnsubscribe(upstream, own, this).catch(() => {}));
      }
    }
    this.subscriptions.clear();
    this.host.closed(this);
    this.pool?.end(this);
    for (const link of this.links) if (link) closing.push(link.close().catch(() => {}));
    await Promise.all(closing);
    await this.server.close().catch(() => {});
  }
}
