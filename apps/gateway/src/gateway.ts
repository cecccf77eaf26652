import {
  type Implementation,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type LoggingLevel,
  ProtocolErrorCode,
  type Result,
  type Server,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import {
  type ListenerRegistration,
  type ListenerSink,
  type Logger,
  mostVerbose,
  redact,
} from "@tabletop-mcp/kit";
import type { SessionRequest } from "@tabletop-mcp/kit/cli";
import { ADMIN_SCOPE } from "./auth/request-scopes.js";
import { Catalog } from "./catalog/catalog.js";
import { mergeInstructions } from "./catalog/instructions.js";
import { originalUri } from "./catalog/names.js";
import type { ResourceConflictReport } from "./catalog/resource-conflicts.js";
import type { ConfigProblem, GatewayConfig, ServerEntry, Tier } from "./config/types.js";
import { CallerLinks, type CallerLinksHost } from "./session/caller-links.js";
import { withCallerMeta } from "./session/caller-meta.js";
import { DownstreamSession } from "./session/downstream-session.js";
import { createRoundCodec } from "./session/input-rounds.js";
import { ListenerSession } from "./session/listener-session.js";
import { PendingCalls } from "./session/pending-call.js";
import { ProtocolError } from "./session/protocol-error.js";
import type { SessionContext, SessionHost } from "./session/session-context.js";
import {
  callerSubject,
  exposedUpdate,
  resubscribers,
  tellsSubjectsApart,
  updateFor,
} from "./session/subject-updates.js";
import { TaskHandles } from "./session/task-handles.js";
import { StateHistory } from "./status/state-history.js";
import { currentTier } from "./tiers/tiers.js";
import { BuiltinUpstream } from "./upstreams/builtin-upstream.js";
import { HttpUpstream } from "./upstreams/http-upstream.js";
import type { RestartOptions } from "./upstreams/restart-loop.js";
import { StdioUpstream } from "./upstreams/stdio-upstream.js";
import type { Upstream, UpstreamHost, UpstreamLink, UpstreamState } from "./upstreams/upstream.js";
import type { UpstreamListing } from "./upstreams/upstream-client.js";

/** How a gateway is built besides its config. */
export interface GatewayOptions {
  logger: Logger;
  /** The gateway's version, shown in `serverInfo`. */
  version: string;
  /** Restart schedule hooks (tests). */
  restart?: RestartOptions;
  /**
   * How long a caller's own upstream connections outlive its last 2026-07-28 request
   * (`--session-idle-ms`); one hour when absent.
   */
  sessionIdleMs?: number;
}

/** How long a caller's own connections outlive its last 2026-07-28 request, by default. */
const DEFAULT_CALLER_IDLE_MS = 3_600_000;
/** The most callers whose own connections are kept at once; the least recently idle go first. */
const MAX_CALLERS = 1_000;

/** An upstream's row in `gateway://stats` and `/mcp/health`. */
export interface UpstreamStats {
  name: string;
  kind: ServerEntry["kind"];
  state: UpstreamState;
  /** The protocol revision it speaks: `2026-07-28`, a 2025 one, or `null` before it connected. */
  era: string | null;
  connections: number;
  restarts: number;
  last_error: string | null;
  withheld: string[];
}

/** A reason found at startup why the gateway must not serve. */
export type StartupProblem =
  /** Two upstreams claim a name, or a name clients would reject. */
  | { kind: "naming"; message: string }
  /** A config key the upstreams contradict (`tools.allow` naming a tool nobody offers). */
  | { kind: "config"; problem: ConfigProblem };

const LIST_CHANGED_COALESCE_MS = 100;
const TIER_NOTICE_EVERY_MS = 5000;

/**
 * The aggregating proxy: the upstreams of a config, their catalog, and the downstream sessions.
 * Build with {@link Gateway.start}; serve with {@link Gateway.createSessionServer}.
 */
export class Gateway implements SessionHost, UpstreamHost, CallerLinksHost {
  readonly upstreams: Upstream[];
  readonly catalog: Catalog;
  readonly sessions = new Set<DownstreamSession>();
  readonly validator = new AjvJsonSchemaValidator();
  readonly logger: Logger;
  readonly version: string;
  readonly restart: RestartOptions | undefined;
  /** The last state changes of each upstream, for the status page. */
  readonly stateHistory = new StateHistory();
  private readonly startedAt = Date.now();
  private started = false;
  private readonly shared = new Map<Upstream, Map<string, Set<SessionContext>>>();
  private pendingListChanges = { tools: false, prompts: false };
  private listChangeTimer: ReturnType<typeof setTimeout> | undefined;
  private tierTimer: ReturnType<typeof setTimeout> | undefined;
  private lastTierNotice = 0;
  private tieredSessions = 0;
  private readonly announced = new Set<string>();
  /** Each caller's own connections for its 2026-07-28 requests, least recently used first. */
  private readonly callers = new Map<string, CallerLinks>();
  readonly idleMs: number;
  readonly inputRounds = createRoundCodec();
  readonly pendingCalls = new PendingCalls();
  readonly taskHandles = new TaskHandles();

  private constructor(
    readonly config: GatewayConfig,
    options: GatewayOptions,
  ) {
    this.logger = options.logger;
    this.version = options.version;
    this.restart = options.restart;
    this.idleMs = options.sessionIdleMs ?? DEFAULT_CALLER_IDLE_MS;
    this.upstreams = config.servers.map((entry, index) => createUpstream(entry, index, this));
    this.catalog = new Catalog(this.upstreams);
  }

  /**
   * Connects every upstream (one that cannot be reached is marked down and retried) and builds
   * the catalog in config order.
   *
   * @param config - the effective config
   * @param options - logger, version, test hooks
   * @returns the gateway, the problems found (any problem means it must not serve) and
   *   the tools withheld for other reasons (logged as warnings)
   */
  static async start(
    config: GatewayConfig,
    options: GatewayOptions,
  ): Promise<{ gateway: Gateway; problems: StartupProblem[]; notices: string[] }> {
    const gateway = new Gateway(config, options);
    await Promise.all(gateway.upstreams.map((upstream) => upstream.start()));
    const problems: StartupProblem[] = [];
    const notices: string[] = [];
    for (const upstream of gateway.upstreams) {
      if (!upstream.listing) continue;
      const change = gateway.catalog.apply(upstream, upstream.listing);
      problems.push(...change.problems.map((message) => ({ kind: "naming" as const, message })));
      notices.push(...gateway.announce(change.notices));
      for (const list of ["allow", "deny"] as const) {
        for (const name of gateway.catalog.unknownListed(upstream, list)) {
          const path = `mcpServers.${upstream.name}.tools.${list}`;
          const issue = `"${name}" is not offered by "${upstream.name}"`;
          problems.push({ kind: "config", problem: { path, issue } });
        }
      }
    }
    gateway.started = true;
    return { gateway, problems, notices };
  }

  /** Logs the notices not logged before (a re-listing repeats them); returns those. */
  private announce(notices: readonly string[]): string[] {
    const fresh = notices.filter((notice) => !this.announced.has(notice));
    for (const notice of fresh) {
      this.announced.add(notice);
      this.logger.warn(notice);
    }
    return fresh;
  }

  /** The gateway's own name and version, as shared and catalog connections give it upstream. */
  get clientInfo(): Implementation {
    return { name: "tabletop-gateway", version: this.version };
  }

  /** The merged instructions as the catalog stands (docs/gateway.md §6). */
  instructions(): string {
    return mergeInstructions(this.config.instructions, this.upstreams);
  }

  /**
   * Makes the SDK server of one new downstream session.
   * @param tier - the session's latency tier
   */
  createSessionServer(tier: Tier, request?: Pick<SessionRequest, "era" | "caller">): Server {
    // Over HTTP a modern request's server lives for that request alone; over stdio it serves
    // the connection, which keeps its links as a 2025 session does.
    const caller = request?.era === "modern" ? request.caller : undefined;
    const links = caller === undefined ? undefined : () => this.callerLinks(caller);
    const session = new DownstreamSession(this, tier, {
      modern: request?.era === "modern",
      ...(links ? { callerLinks: links } : {}),
    });
    this.sessions.add(session);
    if (tier !== "deep") this.tieredSessions++;
    return session.server;
  }

  /** One caller's own connections (docs/gateway.md §4.7), kept most recently used last. */
  private callerLinks(caller: string): CallerLinks {
    let links = this.callers.get(caller);
    if (links) this.callers.delete(caller);
    else {
      links = new CallerLinks(caller, this);
      if (this.callers.size >= MAX_CALLERS) this.forgetIdleCaller();
    }
    this.callers.set(caller, links);
    return links;
  }

  /** Closes the connections of the caller that was served least recently and is not now. */
  private forgetIdleCaller(): void {
    for (const [caller, links] of this.callers) {
      if (links.busy) continue;
      this.callers.delete(caller);
      void links.close();
      return;
    }
  }

  expired(links: CallerLinks): void {
    if (this.callers.get(links.caller) === links) this.callers.delete(links.caller);
  }

  /**
   * Starts passing what the upstreams announce to one caller's modern-era listen streams
   * (docs/gateway.md §7.5), through a {@link ListenerSession} that lives while they are open.
   */
  listen(sink: ListenerSink, tier: Tier): ListenerRegistration {
    const session = new ListenerSession(this, tier, sink);
    this.sessions.add(session);
    if (tier !== "deep") this.tieredSessions++;
    return {
      stop: () => void session.close(),
      urisChanged: () => session.urisChanged(),
    };
  }

  /** A tool call completed: tier visibility may have changed for sessions with a budget. */
  toolRecorded(): void {
    if (this.tieredSessions > 0) this.noteTierChanges();
  }

  linkFor(upstream: Upstream, session: SessionContext): UpstreamLink {
    if (upstream instanceof HttpUpstream) {
      return upstream.link(session, async (send) => {
        if (session.logLevel && upstream.capabilities?.logging) {
          await send({ method: "logging/setLevel", params: { level: session.logLevel } });
        }
        for (const [uri, owner] of session.subscriptions) {
          const own = owner === upstream ? originalUri(upstream.entry.prefix, uri) : undefined;
          if (own !== undefined)
            await send({ method: "resources/subscribe", params: { uri: own } });
        }
      });
    }
    return upstream.link(session);
  }

  // Upstream events

  listed(upstream: Upstream, listing: UpstreamListing): void {
    if (!this.started) return;
    const change = this.catalog.apply(upstream, listing);
    this.announce(change.notices);
    for (const problem of change.problems) this.withheld(problem);
    if (change.tools || change.prompts) this.scheduleListChanged(change.tools, change.prompts);
    void this.reapplyShared(upstream);
  }

  withheld(problem: string): void {
    this.logger.error(`withheld: ${problem}`);
    for (const session of this.sessions) session.gatewayEvent("error", `withheld: ${problem}`);
  }

  stateChanged(upstream: Upstream, previous: UpstreamState): void {
    const state = upstream.state;
    const error =
      state === "ready" || upstream.lastError === null ? null : redact(upstream.lastError);
    const at = new Date().toISOString();
    this.stateHistory.record(upstream.name, { at, from: previous, to: state, error });
    if (!this.started) return;
    const text =
      state === "ready"
        ? `upstream "${upstream.name}" is back (was ${previous})`
        : `upstream "${upstream.name}" is ${state}${upstream.lastError ? `: ${upstream.lastError}` : ""}`;
    for (const session of this.sessions) session.gatewayEvent("warning", text);
  }

  broadcast(upstream: Upstream, notification: JSONRPCNotification): void {
    switch (notification.method) {
      case "notifications/message":
        for (const session of this.sessions) session.sendLog(upstream, notification);
        return;
      case "notifications/resources/updated": {
        const uri = (notification.params as { uri?: string } | undefined)?.uri;
        const subscribers = uri === undefined ? undefined : this.shared.get(upstream)?.get(uri);
        const exposed = exposedUpdate(upstream, notification);
        for (const session of subscribers ?? []) {
          const update = updateFor(upstream, exposed, session);
          if (update) session.send(update);
        }
        return;
      }
      case "notifications/resources/list_changed":
        for (const session of this.sessions) session.send(notification);
        return;
      default:
        return;
    }
  }

  /**
   * Passes a request for the client from a connection no session owns to the session whose
   * call caused it. Over a shared connection nothing in the request says which session that
   * is, so it is the one session with a call to this upstream in flight; with none or several,
   * and on a catalog connection, the upstream gets an error saying why instead.
   */
  unownedRequest(
    upstream: Upstream,
    request: JSONRPCRequest,
    signal: AbortSignal,
    shared: boolean,
  ): Promise<Result> {
    const callers = shared
      ? [...this.sessions].filter((session) => session.forwardingTo(upstream) > 0)
      : [];
    // A 2026-07-28 client's call is held open across its rounds (docs/gateway.md §7.6).
    const held = shared ? this.pendingCalls.to(upstream) : [];
    const [caller] = callers;
    const [call] = held;
    if (call && held.length === 1 && callers.length === 0) return call.ask(request, signal);
    if (caller && callers.length === 1 && held.length === 0) {
      return caller.upstreamRequest(upstream, request, signal);
    }
    const inFlight = callers.length + held.length;
    const why = !shared
      ? "this connection is the gateway's own, for listing, and belongs to no client session"
      : inFlight === 0
        ? "no client call to it is in flight, and a shared upstream's requests go to the session whose call caused them"
        : `${inFlight} client sessions have calls to it in flight, and a shared upstream's request does not say which one it belongs to`;
    const hint = shared
      ? ' Set "per_session": true to give each client session its own connection.'
      : "";
    return Promise.reject(
      new ProtocolError(
        ProtocolErrorCode.InternalError,
        `The gateway cannot pass "${request.method}" from upstream "${upstream.name}" to a client: ${why}.${hint}`,
      ),
    );
  }

  private scheduleListChanged(tools: boolean, prompts: boolean): void {
    this.pendingListChanges.tools ||= tools;
    this.pendingListChanges.prompts ||= prompts;
    if (this.listChangeTimer) return;
    this.listChangeTimer = setTimeout(() => {
      this.listChangeTimer = undefined;
      const { tools: toolsChanged, prompts: promptsChanged } = this.pendingListChanges;
      this.pendingListChanges = { tools: false, prompts: false };
      for (const session of this.sessions) {
        if (toolsChanged) session.send({ method: "notifications/tools/list_changed" });
        if (promptsChanged) session.send({ method: "notifications/prompts/list_changed" });
      }
    }, LIST_CHANGED_COALESCE_MS);
  }

  /** Sessions whose visible tools moved across their tier hear about it (≤ once per 5 s). */
  private noteTierChanges(): void {
    if (this.tierTimer) return;
    const wait = Math.max(0, this.lastTierNotice + TIER_NOTICE_EVERY_MS - Date.now());
    this.tierTimer = setTimeout(() => {
      this.tierTimer = undefined;
      for (const session of this.sessions) {
        if (!session.tierVisibilityChanged()) continue;
        session.send({ method: "notifications/tools/list_changed" });
        // The 5 s spacing counts from the last notice actually sent, not from the last check.
        this.lastTierNotice = Date.now();
      }
    }, wait);
    this.tierTimer.unref?.();
  }

  // Shared upstream state: subscriptions reference-counted (by the upstream's own URIs),
  // logging level the most verbose asked

  async sharedSubscribe(upstream: Upstream, uri: string, session: SessionContext): Promise<void> {
    let byUri = this.shared.get(upstream);
    if (!byUri) {
      byUri = new Map();
      this.shared.set(upstream, byUri);
    }
    let subscribers = byUri.get(uri);
    if (!subscribers) {
      subscribers = new Set();
      byUri.set(uri, subscribers);
    }
    if (upstream.entry.trusted) {
      // Each caller asks for itself, so that the upstream checks who may subscribe (§4.5).
      await this.sharedRequest(upstream, session, "resources/subscribe", { uri });
      subscribers.add(session);
      return;
    }
    const first = subscribers.size === 0;
    subscribers.add(session);
    if (first) await this.sharedRequest(upstream, session, "resources/subscribe", { uri });
  }

  /**
   * Ends a session's subscription over a shared connection: upstream, when no other session
   * holds the URI, or, where the upstream tells callers apart, no other session of its caller.
   */
  async sharedUnsubscribe(upstream: Upstream, uri: string, session: SessionContext): Promise<void> {
    const subscribers = this.shared.get(upstream)?.get(uri);
    if (!subscribers?.delete(session)) return;
    if (subscribers.size === 0) this.shared.get(upstream)?.delete(uri);
    const subject = callerSubject(session);
    const held = tellsSubjectsApart(upstream)
      ? [...subscribers].some((other) => callerSubject(other) === subject)
      : subscribers.size > 0;
    if (held) return;
    await this.sharedRequest(upstream, session, "resources/unsubscribe", { uri });
  }

  levelChanged(): void {
    for (const upstream of this.upstreams) void this.applySharedLevel(upstream);
  }

  private async applySharedLevel(upstream: Upstream): Promise<void> {
    if (!upstream.capabilities?.logging || !upstream.isServing()) return;
    const [any] = this.sessions;
    if (!any?.link(upstream).shared) return;
    const level: LoggingLevel | undefined = mostVerbose(
      [...this.sessions].map((session) => session.logLevel),
    );
    if (level === undefined) return;
    await this.sharedRequest(upstream, any, "logging/setLevel", { level }).catch(() => {});
  }

  private async reapplyShared(upstream: Upstream): Promise<void> {
    await this.applySharedLevel(upstream);
    const byUri = this.shared.get(upstream);
    const [any] = this.sessions;
    if (!byUri || !any) return;
    for (const [uri, subscribers] of byUri) {
      for (const subscriber of resubscribers(upstream, subscribers, any)) {
        await this.sharedRequest(upstream, subscriber, "resources/subscribe", { uri }).catch(
          () => {},
        );
      }
    }
  }

  private async sharedRequest(
    upstream: Upstream,
    via: SessionContext,
    method: string,
    params: Record<string, unknown>,
  ): Promise<void> {
    const request = withCallerMeta({ method, params }, upstream, via.callerAuthInfo());
    await via.link(upstream).request(request, { timeout: upstream.entry.timeoutMs });
  }

  closed(session: DownstreamSession): void {
    if (this.sessions.delete(session) && session.tier !== "deep") this.tieredSessions--;
    this.levelChanged();
  }

  // Statistics

  /** Upstream rows of the statistics. */
  upstreamStats(): UpstreamStats[] {
    return this.upstreams.map((upstream) => ({
      name: upstream.name,
      kind: upstream.entry.kind,
      state: upstream.state,
      era: upstream.era,
      connections: upstream.connections,
      restarts: upstream.restarts,
      last_error: upstream.lastError === null ? null : redact(upstream.lastError),
      withheld: [...upstream.withheld],
    }));
  }

  /** Tool rows of the statistics. */
  toolStats(): Record<string, unknown>[] {
    return this.catalog.exposedTools().map((tool) => ({
      name: tool.name,
      upstream: tool.upstream.name,
      tier: currentTier(tool.declaredTier, tool.stats),
      declared_tier: tool.declaredTier,
      ...tool.stats.snapshot(),
    }));
  }

  /** Resource URIs and templates withheld from a later claimant (docs/gateway.md §5.4). */
  resourceConflicts(): ResourceConflictReport {
    return this.catalog.resourceConflicts.report();
  }

  /** Whole seconds since the gateway was built. */
  uptimeSeconds(): number {
    return Math.floor((Date.now() - this.startedAt) / 1000);
  }

  /**
   * Every scope a request may need: `gateway:admin`, what each builtin declares and each
   * entry's configured `scopes`.
   */
  scopes(): readonly string[] {
    const scopes = [ADMIN_SCOPE];
    for (const upstream of this.upstreams) {
      const declared = upstream instanceof BuiltinUpstream ? upstream.declaredScopes() : [];
      scopes.push(...(upstream.entry.scopes ?? declared));
    }
    return [...new Set(scopes)];
  }

  /** The `gateway://stats` document (docs/gateway.md §11). */
  statsResource(): string {
    return JSON.stringify({
      generated_at: new Date().toISOString(),
      uptime_s: this.uptimeSeconds(),
      sessions: this.sessions.size,
      upstreams: this.upstreamStats(),
      tools: this.toolStats(),
      resource_conflicts: this.resourceConflicts(),
    });
  }

  /** Cancels in-flight work and closes every downstream session (shutdown begins). */
  async closeSessions(): Promise<void> {
    await Promise.all([...this.sessions].map((session) => session.close()));
  }

  /** Closes every session and upstream: HTTP sessions deleted, children stopped, builtins closed. */
  async close(): Promise<void> {
    if (this.listChangeTimer) clearTimeout(this.listChangeTimer);
    if (this.tierTimer) clearTimeout(this.tierTimer);
    this.pendingCalls.endAll("the gateway is shutting down");
    await this.closeSessions();
    await Promise.all([...this.callers.values()].map((links) => links.close()));
    this.callers.clear();
    await Promise.all(this.upstreams.map((upstream) => upstream.close().catch(() => {})));
  }
}

function createUpstream(entry: ServerEntry, index: number, host: UpstreamHost): Upstream {
  switch (entry.kind) {
    case "builtin":
      return new BuiltinUpstream(entry, index, host);
    case "stdio":
      return new StdioUpstream(entry, index, host);
    case "http":
      return new HttpUpstream(entry, index, host);
  }
}
