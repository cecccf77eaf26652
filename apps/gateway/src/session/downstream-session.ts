import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type {
  RequestHandlerExtra,
  RequestOptions,
} from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  type CallToolResult,
  ErrorCode,
  type Implementation,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type LoggingLevel,
  McpError,
  type Notification,
  type Request,
  type RequestId,
  type Resource,
  type Result,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import {
  declareRequestScopes,
  identityFromAuthInfo,
  type Logger,
  processRedactor,
  redact,
  SpacingLimiter,
} from "@tabletop-mcp/kit";
import { gatewayScopeOf } from "../auth/request-scopes.js";
import type { Catalog, ExposedTool } from "../catalog/catalog.js";
import type { Tier } from "../config/types.js";
import { currentTier, withinTier } from "../tiers/tiers.js";
import type { DirectToolCall } from "../upstreams/direct-tool-call.js";
import type { SessionPeer, Upstream, UpstreamLink } from "../upstreams/upstream.js";
import { PASSTHROUGH_RESULT } from "../upstreams/upstream-client.js";
import { describeError, UpstreamFailure } from "../upstreams/upstream-failure.js";
import { type ClientProfile, missingCapability, profileOf } from "./client-profile.js";
import { parseLoggingLevel, passesLevel } from "./logging-levels.js";
import { ProtocolError, toProtocolError } from "./protocol-error.js";
import { errorResult, failureResult, redactedErrorResult } from "./tool-results.js";
import { matchesTemplate, schemeOf } from "./uri-template.js";

/** The URI of the gateway's own statistics resource. */
export const STATS_URI = "gateway://stats";

/** The `_meta` key that tells a trusted upstream who is calling. */
export const SUBJECT_META_KEY = "tabletop/subject";
const RESOURCE_NOT_FOUND = -32002;
/** The longest timer Node keeps (about 24.8 days): in effect, no timeout. */
const NO_TIMEOUT_MS = 2_147_483_647;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What a session needs from the gateway. */
export interface SessionHost {
  readonly catalog: Catalog;
  readonly upstreams: readonly Upstream[];
  readonly logger: Logger;
  readonly validator: jsonSchemaValidator;
  readonly version: string;
  instructions(): string;
  statsResource(): string;
  /** Every scope a request through the gateway may need (for the resource metadata). */
  scopes(): readonly string[];
  /** Makes this session's link to an upstream. */
  linkFor(upstream: Upstream, session: DownstreamSession): UpstreamLink;
  sharedSubscribe(upstream: Upstream, uri: string, session: DownstreamSession): Promise<void>;
  sharedUnsubscribe(upstream: Upstream, uri: string, session: DownstreamSession): Promise<void>;
  levelChanged(session: DownstreamSession): void;
  /** A tool call was recorded in the statistics. */
  toolRecorded(): void;
  closed(session: DownstreamSession): void;
}

/**
 * One downstream client connection: its own SDK `Server` (fixed capabilities, gateway.md §6),
 * its links to the upstreams, and its state (tier, logging level, subscriptions, routes).
 */
export class DownstreamSession implements SessionPeer {
  readonly server: Server;
  logLevel: LoggingLevel | undefined;
  /** URI → upstream, from this session's latest `resources/list`. */
  private routes = new Map<string, Upstream>();
  /** URI → upstream it was subscribed through. */
  readonly subscriptions = new Map<string, Upstream>();
  private readonly links: (UpstreamLink | undefined)[];
  private readonly limiters: (SpacingLimiter | undefined)[];
  /** Tools visible at the last `tools/list`, for tier-change notices. */
  private listedTools: string | undefined;
  /** Per upstream, the tools it does not offer this session's client (upstream names). */
  private readonly hidden = new Map<Upstream, ReadonlySet<string>>();
  /** Downstream requests being forwarded, by upstream: who may answer its requests. */
  private readonly forwarding = new Map<Upstream, Set<RequestId>>();
  private closed = false;
  /** The caller's `authInfo` as the last request carried it (sessions keep one subject). */
  private authInfo: AuthInfo | undefined;

  constructor(
    private readonly host: SessionHost,
    readonly tier: Tier,
  ) {
    this.links = new Array(host.upstreams.length);
    this.limiters = host.upstreams.map((upstream) =>
      upstream.entry.rateLimitMs > 0 ? new SpacingLimiter(upstream.entry.rateLimitMs) : undefined,
    );
    this.server = new Server(
      { name: "tabletop-gateway", version: host.version },
      {
        capabilities: {
          tools: { listChanged: true },
          prompts: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          logging: {},
          completions: {},
        },
        instructions: host.instructions(),
        jsonSchemaValidator: host.validator,
      },
    );
    this.server.removeRequestHandler("logging/setLevel");
    this.server.fallbackRequestHandler = (request, extra) => {
      this.authInfo = extra.authInfo ?? this.authInfo;
      return this.dispatch(request, extra).catch((error: unknown) => {
        throw toProtocolError(error, processRedactor);
      });
    };
    declareRequestScopes(
      this.server,
      gatewayScopeOf({
        tools: host.catalog.tools,
        route: (uri) => this.route(uri),
        statsUri: STATS_URI,
      }),
      host.scopes(),
    );
    this.server.fallbackNotificationHandler = async (notification) => {
      if (notification.method === "notifications/roots/list_changed")
        this.toPerSessionLinks(notification);
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

  /** This session's link to an upstream, made on first use. */
  link(upstream: Upstream): UpstreamLink {
    let link = this.links[upstream.index];
    if (!link) {
      link = this.host.linkFor(upstream, this);
      this.links[upstream.index] = link;
    }
    return link;
  }

  private dispatch(request: JSONRPCRequest, extra: Extra): Promise<Result> {
    const params = (request.params ?? {}) as Record<string, unknown>;
    switch (request.method) {
      case "tools/call":
        return this.callTool(params, extra);
      case "tools/list":
        return this.listTools().then((tools) => ({ tools }));
      case "prompts/list":
        return Promise.resolve({ prompts: [...this.host.catalog.promptDefinitions] });
      case "prompts/get":
        return this.getPrompt(params, extra);
      case "resources/templates/list":
        return Promise.resolve({ resourceTemplates: this.listTemplates() });
      case "resources/list":
        return this.listResources(extra);
      case "resources/read":
      case "resources/subscribe":
      case "resources/unsubscribe":
        return this.resourceRequest(request.method, params, extra);
      case "logging/setLevel":
        return this.setLevel(params);
      case "completion/complete":
        return this.complete(params, extra);
      default:
        return Promise.reject(new ProtocolError(ErrorCode.MethodNotFound, "Method not found"));
    }
  }

  /** Answers `tools/list`: what the upstreams offer this client, within its tier. */
  private async listTools(): Promise<Tool[]> {
    await this.learnHiddenTools();
    const visible = this.visibleTools();
    this.listedTools = visible.map((tool) => tool.name).join("\n");
    return visible.map((tool) => tool.definition);
  }

  /**
   * Asks every upstream with exposed tools which of them it does not offer this session's
   * client (they may depend on the client's capabilities); remembered for the tier checks.
   */
  private async learnHiddenTools(): Promise<void> {
    const profile = this.clientCapabilities;
    const upstreams = new Set([...this.host.catalog.tools.values()].map((tool) => tool.upstream));
    await Promise.all(
      [...upstreams].map(async (upstream) => {
        this.hidden.set(upstream, await upstream.toolsHiddenFrom(profile));
      }),
    );
  }

  /** The exposed tools this session sees: offered to its client and within its tier. */
  private visibleTools(): ExposedTool[] {
    return this.host.catalog.exposedTools().filter((tool) => {
      if (this.hidden.get(tool.upstream)?.has(tool.original)) return false;
      return (
        this.tier === "deep" || withinTier(currentTier(tool.declaredTier, tool.stats), this.tier)
      );
    });
  }

  /**
   * Whether the tools this session may see changed since it last listed them or was last told;
   * the caller sends `tools/list_changed` when so.
   */
  tierVisibilityChanged(): boolean {
    if (this.tier === "deep" || this.listedTools === undefined) return false;
    const now = this.visibleTools()
      .map((tool) => tool.name)
      .join("\n");
    if (now === this.listedTools) return false;
    // Announced once: the next notice needs a further change, whether or not the client relists.
    this.listedTools = now;
    return true;
  }

  private async callTool(params: Record<string, unknown>, extra: Extra): Promise<Result> {
    const tool =
      typeof params.name === "string" ? this.host.catalog.tools.get(params.name) : undefined;
    if (!tool) throw this.unknownTool(params.name);
    const outsideBudget = this.budgetRefusal(tool);
    if (outsideBudget) return outsideBudget;
    const upstream = tool.upstream;
    const limiter = this.limiters[upstream.index];
    if (limiter) {
      const refused = await this.waitForSlot(limiter, extra.signal);
      if (refused) return refused;
    }
    const link = this.link(upstream);
    if (link.callToolDirect) return this.callDirect(tool, link.callToolDirect, params, extra);
    const token = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
    const subject = upstream.entry.trusted
      ? identityFromAuthInfo(extra.authInfo).subject
      : undefined;
    const upstreamParams = upstreamCallParams(tool, params, subject);
    let done = false;
    const entry = upstream.entry;
    const options: RequestOptions = {
      signal: extra.signal,
      timeout: entry.timeoutMs,
      maxTotalTimeout: entry.maxTotalTimeoutMs,
      resetTimeoutOnProgress: true,
      onprogress: (progress) => {
        if (done || token === undefined) return;
        void extra.sendNotification({
          method: "notifications/progress",
          params: { ...progress, progressToken: token as string | number },
        });
      },
    };
    const started = performance.now();
    try {
      const result = (await this.forwarded(upstream, extra.requestId, () =>
        link.request({ method: "tools/call", params: upstreamParams }, options),
      )) as CallToolResult;
      done = true;
      tool.stats.record(performance.now() - started, result.isError === true);
      this.host.toolRecorded();
      return result.isError === true ? redactedErrorResult(result) : result;
    } catch (error) {
      done = true;
      if (extra.signal.aborted) {
        tool.stats.cancelled();
        throw error;
      }
      tool.stats.record(performance.now() - started, true);
      this.host.toolRecorded();
      if (error instanceof McpError && error.code !== ErrorCode.RequestTimeout) throw error;
      return failureResult(callFailure(tool, error));
    }
  }

  /** The refusal of a call to a tool outside this session's latency budget. */
  private budgetRefusal(tool: ExposedTool): CallToolResult | undefined {
    if (this.tier === "deep") return undefined;
    const tier = currentTier(tool.declaredTier, tool.stats);
    if (withinTier(tier, this.tier)) return undefined;
    const p50 = tool.stats.percentile(50);
    return failureResult(
      new UpstreamFailure(
        tool.upstream.name,
        "budget",
        `Tool "${tool.name}" is outside this session's "${this.tier}" latency budget (${p50 === null ? `declared ${tier}` : `p50 ${p50} ms`}).`,
      ),
    );
  }

  /** The error of a call to a name this session cannot call, as the servers themselves answer it. */
  private unknownTool(name: unknown): ProtocolError {
    if (typeof name !== "string") {
      return new ProtocolError(
        ErrorCode.InvalidParams,
        "tools/call needs params.name, a tool name",
      );
    }
    const available = this.visibleTools().map((tool) => tool.name);
    return new ProtocolError(
      ErrorCode.InvalidParams,
      `Unknown tool: ${name}; available tools are ${available.join(", ")}`,
    );
  }

  /** Runs a call in an in-process server's own handler; its notifications reach this request directly. */
  private async callDirect(
    tool: ExposedTool,
    call: DirectToolCall,
    params: Record<string, unknown>,
    extra: Extra,
  ): Promise<Result> {
    const forwarded = tool.original === tool.name ? params : { ...params, name: tool.original };
    const started = performance.now();
    try {
      const result = (await call(
        { jsonrpc: "2.0", id: extra.requestId, method: "tools/call", params: forwarded },
        extra,
      )) as CallToolResult;
      tool.stats.record(performance.now() - started, result.isError === true);
      this.host.toolRecorded();
      return result;
    } catch (error) {
      if (extra.signal.aborted) tool.stats.cancelled();
      else {
        tool.stats.record(performance.now() - started, true);
        this.host.toolRecorded();
      }
      throw error;
    }
  }

  /** Waits for this session's turn at an upstream's `rate_limit_ms`; a refusal when the queue is full. */
  private waitForSlot(
    limiter: SpacingLimiter,
    signal: AbortSignal,
  ): Promise<CallToolResult | undefined> {
    return new Promise((resolve, reject) => {
      const decision = limiter.schedule(() => {
        signal.removeEventListener("abort", onAbort);
        resolve(undefined);
      });
      function onAbort() {
        if (decision.kind === "wait") limiter.cancel(decision.ticket);
        reject(new McpError(ErrorCode.ConnectionClosed, "Request was cancelled"));
      }
      if (decision.kind === "rejected") {
        resolve(
          errorResult({
            code: "RATE_LIMITED",
            message: `Too many requests waiting (${limiter.maxWaiting}); retry after ${decision.retryAfterMs} ms`,
            retry_after_ms: decision.retryAfterMs,
          }),
        );
      } else if (decision.kind === "wait") {
        signal.addEventListener("abort", onAbort, { once: true });
      } else resolve(undefined);
    });
  }

  private async getPrompt(params: Record<string, unknown>, extra: Extra): Promise<Result> {
    const prompt =
      typeof params.name === "string" ? this.host.catalog.prompts.get(params.name) : undefined;
    if (!prompt)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Unknown prompt ${JSON.stringify(String(params.name))}`,
      );
    return this.forward(
      prompt.upstream,
      { method: "prompts/get", params: { ...params, name: prompt.original } },
      extra,
    );
  }

  private listTemplates() {
    const templates = [];
    for (const upstream of this.host.upstreams) {
      for (const template of upstream.listing?.resourceTemplates ?? []) {
        if (this.host.catalog.templates.get(template.uriTemplate) === upstream)
          templates.push(template);
      }
    }
    return templates;
  }

  private async listResources(extra: Extra): Promise<Result> {
    const serving = this.host.upstreams.filter(
      (upstream) => upstream.isServing() && upstream.capabilities?.resources,
    );
    const answers = await Promise.all(
      serving.map((upstream) =>
        this.forward(upstream, { method: "resources/list", params: {} }, extra).then(
          (result) => (result as { resources?: Resource[] }).resources ?? [],
          (error: unknown) => {
            this.host.logger.warn(
              `resources/list of "${upstream.name}" failed: ${describeError(error)}`,
            );
            return [] as Resource[];
          },
        ),
      ),
    );
    const routes = new Map<string, Upstream>();
    const resources: Resource[] = [];
    serving.forEach((upstream, index) => {
      for (const resource of answers[index] ?? []) {
        const owner = routes.get(resource.uri);
        if (owner) {
          this.host.logger.warn(
            `resource ${resource.uri} is listed by "${owner.name}" and "${upstream.name}"; using "${owner.name}"`,
          );
          continue;
        }
        routes.set(resource.uri, upstream);
        resources.push(resource);
      }
    });
    this.routes = routes;
    resources.push({
      uri: STATS_URI,
      name: "gateway-stats",
      title: "Gateway statistics",
      description: "Upstream health and per-tool latency statistics of this gateway",
      mimeType: "application/json",
    });
    return { resources };
  }

  /** The upstream that serves a URI (gateway.md §7), or `undefined`. */
  route(uri: string): Upstream | undefined {
    const listed = this.routes.get(uri) ?? this.host.catalog.staticUris.get(uri);
    if (listed) return listed;
    for (const [template, upstream] of this.host.catalog.templates) {
      if (matchesTemplate(template, uri)) return upstream;
    }
    const scheme = schemeOf(uri);
    if (scheme === undefined) return undefined;
    for (const upstream of this.host.upstreams) {
      const listing = upstream.listing;
      if (!listing) continue;
      const uris = [
        ...listing.resources.map((resource) => resource.uri),
        ...listing.resourceTemplates.map((template) => template.uriTemplate),
        ...[...this.routes]
          .filter(([, owner]) => owner === upstream)
          .map(([listedUri]) => listedUri),
      ];
      if (uris.some((candidate) => schemeOf(candidate) === scheme)) return upstream;
    }
    return undefined;
  }

  private async resourceRequest(
    method: "resources/read" | "resources/subscribe" | "resources/unsubscribe",
    params: Record<string, unknown>,
    extra: Extra,
  ): Promise<Result> {
    const uri = params.uri;
    if (typeof uri !== "string")
      throw new ProtocolError(ErrorCode.InvalidParams, "params.uri must be a string");
    if (uri === STATS_URI) {
      if (method === "resources/read") {
        return {
          contents: [{ uri, mimeType: "application/json", text: this.host.statsResource() }],
        };
      }
      throw new ProtocolError(ErrorCode.InvalidParams, `${STATS_URI} is not subscribable`);
    }
    const upstream =
      method === "resources/unsubscribe"
        ? (this.subscriptions.get(uri) ?? this.route(uri))
        : this.route(uri);
    if (!upstream) throw new ProtocolError(RESOURCE_NOT_FOUND, "Resource not found", { uri });
    if (method === "resources/read") return this.forward(upstream, { method, params }, extra);
    if (method === "resources/subscribe" && !upstream.capabilities?.resources?.subscribe) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Upstream "${upstream.name}" does not support resource subscriptions`,
      );
    }
    const link = this.link(upstream);
    if (method === "resources/subscribe") {
      if (link.shared) await this.host.sharedSubscribe(upstream, uri, this);
      else await this.forward(upstream, { method, params }, extra);
      this.subscriptions.set(uri, upstream);
      return {};
    }
    this.subscriptions.delete(uri);
    if (link.shared) await this.host.sharedUnsubscribe(upstream, uri, this);
    else await this.forward(upstream, { method, params }, extra);
    return {};
  }

  private async setLevel(params: Record<string, unknown>): Promise<Result> {
    const level = parseLoggingLevel(params.level);
    if (!level)
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        "params.level must be a logging level (debug … emergency)",
      );
    this.logLevel = level;
    const sends: Promise<unknown>[] = [];
    for (const upstream of this.host.upstreams) {
      if (!upstream.capabilities?.logging || !upstream.isServing()) continue;
      const link = this.link(upstream);
      if (link.shared) continue;
      sends.push(
        this.forward(upstream, { method: "logging/setLevel", params: { level } }).catch(() => {}),
      );
    }
    this.host.levelChanged(this);
    await Promise.all(sends);
    return {};
  }

  private async complete(params: Record<string, unknown>, extra: Extra): Promise<Result> {
    const empty = { completion: { values: [] } };
    const ref = params.ref as { type?: string; name?: string; uri?: string } | undefined;
    let upstream: Upstream | undefined;
    let forwarded = params;
    if (ref?.type === "ref/prompt" && typeof ref.name === "string") {
      const prompt = this.host.catalog.prompts.get(ref.name);
      upstream = prompt?.upstream;
      if (prompt) forwarded = { ...params, ref: { ...ref, name: prompt.original } };
    } else if (ref?.type === "ref/resource" && typeof ref.uri === "string") {
      upstream = this.host.catalog.templates.get(ref.uri);
    }
    if (!upstream?.capabilities?.completions) return empty;
    return this.forward(upstream, { method: "completion/complete", params: forwarded }, extra);
  }

  /** Sends any request but `tools/call` through this session's link, with the upstream's timeouts. */
  private async forward(upstream: Upstream, request: Request, extra?: Extra): Promise<Result> {
    const entry = upstream.entry;
    const send = () =>
      this.link(upstream).request(request, {
        ...(extra ? { signal: extra.signal } : {}),
        timeout: entry.timeoutMs,
        maxTotalTimeout: entry.maxTotalTimeoutMs,
        resetTimeoutOnProgress: true,
      });
    try {
      return await (extra ? this.forwarded(upstream, extra.requestId, send) : send());
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new ProtocolError(ErrorCode.RequestTimeout, "Request timed out", {
          upstream: upstream.name,
        });
      }
      if (error instanceof UpstreamFailure) {
        throw new ProtocolError(ErrorCode.InternalError, error.message, {
          upstream: upstream.name,
          reason: error.reason,
        });
      }
      throw error;
    }
  }

  private toPerSessionLinks(notification: Notification): void {
    for (const link of this.links) {
      if (link && !link.shared) void link.notify(notification).catch(() => {});
    }
  }

  /** A notification from this session's own connection to an upstream. */
  fromUpstream(upstream: Upstream, notification: JSONRPCNotification): void {
    switch (notification.method) {
      case "notifications/message":
        this.sendLog(upstream, notification);
        return;
      case "notifications/resources/updated": {
        const uri = (notification.params as { uri?: string } | undefined)?.uri;
        if (uri !== undefined && this.subscriptions.get(uri) === upstream) this.send(notification);
        return;
      }
      case "notifications/resources/list_changed":
      case "notifications/elicitation/complete":
        this.send(notification);
        return;
      default:
        return;
    }
  }

  /** Forwards an upstream's log message, renamed and filtered by this session's level. */
  sendLog(upstream: Upstream, notification: JSONRPCNotification): void {
    const params = (notification.params ?? {}) as {
      level?: string;
      logger?: string;
      data?: unknown;
    };
    if (!passesLevel(params.level ?? "info", this.logLevel)) return;
    const logger = params.logger ? `${upstream.name}/${params.logger}` : upstream.name;
    const data = processRedactor.redactDeep(params.data);
    this.send({ method: "notifications/message", params: { ...params, logger, data } });
  }

  /** Sends a gateway event as a log message (gateway.md §7), subject to this session's level. */
  gatewayEvent(level: "warning" | "error", data: string): void {
    if (!passesLevel(level, this.logLevel)) return;
    this.send({
      method: "notifications/message",
      params: { level, logger: "gateway", data: redact(data) },
    });
  }

  /** Sends a notification to this client; dropped once closed. */
  send(notification: Notification): void {
    if (this.closed) return;
    this.server.notification(notification as ServerNotification).catch(() => {});
  }

  /** Runs `send` as the forwarding of downstream request `id` to `upstream`. */
  private async forwarded<Value>(
    upstream: Upstream,
    id: RequestId,
    send: () => Promise<Value>,
  ): Promise<Value> {
    let ids = this.forwarding.get(upstream);
    if (!ids) {
      ids = new Set();
      this.forwarding.set(upstream, ids);
    }
    ids.add(id);
    try {
      return await send();
    } finally {
      ids.delete(id);
    }
  }

  /** How many of this session's requests are being forwarded to `upstream` now. */
  forwardingTo(upstream: Upstream): number {
    return this.forwarding.get(upstream)?.size ?? 0;
  }

  /**
   * A request from an upstream for this session's client (sampling, elicitation, roots):
   * refused when the client did not declare the capability it needs; else sent with no
   * timeout (a person may be answering), as part of the downstream request that caused it
   * when exactly one is being forwarded to that upstream (HTTP then carries it on that
   * request's stream), and answered back as the client answered.
   */
  async upstreamRequest(
    upstream: Upstream,
    request: JSONRPCRequest,
    signal: AbortSignal,
  ): Promise<Result> {
    const missing = missingCapability(this.clientCapabilities, request);
    if (missing !== undefined) {
      throw new ProtocolError(
        ErrorCode.MethodNotFound,
        `The client of the session that called upstream "${upstream.name}" did not declare the "${missing}" capability, so it cannot answer "${request.method}".`,
      );
    }
    const ids = this.forwarding.get(upstream);
    const [related] = ids?.size === 1 ? ids : [];
    const { jsonrpc: _version, id: _id, ...body } = request;
    try {
      return await this.server.request(body as ServerRequest, PASSTHROUGH_RESULT, {
        signal,
        timeout: NO_TIMEOUT_MS,
        ...(related !== undefined ? { relatedRequestId: related } : {}),
      });
    } catch (error) {
      throw toProtocolError(error);
    }
  }

  /** Ends the session: closes per-session links, drops subscriptions, tells the gateway. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const limiter of this.limiters) limiter?.clear();
    const closing: Promise<unknown>[] = [];
    for (const [uri, upstream] of this.subscriptions) {
      const link = this.links[upstream.index];
      if (link?.shared)
        closing.push(this.host.sharedUnsubscribe(upstream, uri, this).catch(() => {}));
    }
    this.subscriptions.clear();
    this.host.closed(this);
    for (const link of this.links) if (link) closing.push(link.close().catch(() => {}));
    await Promise.all(closing);
    await this.server.close().catch(() => {});
  }
}

/**
 * The `tools/call` params sent upstream: the original name, the arguments and `_meta` as the
 * client sent them, less its progress token (the gateway supplies its own) and any subject it
 * claims; a trusted upstream learns the caller's subject from the gateway instead.
 */
function upstreamCallParams(
  tool: ExposedTool,
  params: Record<string, unknown>,
  subject: string | undefined,
): Record<string, unknown> {
  const upstreamParams: Record<string, unknown> = { name: tool.original };
  if (params.arguments !== undefined) upstreamParams.arguments = params.arguments;
  const meta = params._meta as Record<string, unknown> | undefined;
  const { progressToken: _dropped, [SUBJECT_META_KEY]: _claimed, ...rest } = meta ?? {};
  if (subject !== undefined) rest[SUBJECT_META_KEY] = subject;
  if (Object.keys(rest).length > 0) upstreamParams._meta = rest;
  return upstreamParams;
}

/** Why a call forwarded upstream failed without an answer: a timeout, or the upstream lost. */
function callFailure(tool: ExposedTool, error: unknown): UpstreamFailure {
  const upstream = tool.upstream;
  if (error instanceof UpstreamFailure) return error;
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return new UpstreamFailure(
      upstream.name,
      "timeout",
      `Upstream "${upstream.name}" did not answer tools/call "${tool.original}" within ${upstream.entry.timeoutMs} ms without progress; the call was cancelled upstream.`,
    );
  }
  return new UpstreamFailure(
    upstream.name,
    "unavailable",
    `Upstream "${upstream.name}" failed: ${describeError(error)}`,
  );
}
