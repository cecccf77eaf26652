import {
  type Client,
  type JSONRPCNotification,
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  type McpSubscription,
  type Notification,
  type PriorDiscovery,
  ProtocolError,
  ProtocolErrorCode,
  type Request,
  type RequestOptions,
  type Result,
  SERVER_INFO_META_KEY,
  type ServerCapabilities,
  SUBSCRIPTION_ID_META_KEY,
  type SubscriptionFilter,
} from "@modelcontextprotocol/client";
import * as z from "zod";
import { TASK_METHODS, TASKS_EXTENSION, type TaskLane } from "./task-lane.js";

/** A request's options: the SDK's, and whether its client declared the tasks extension. */
export type ConnectionRequestOptions = RequestOptions & { tasks?: boolean };

/** Any result, unvalidated: results pass through the gateway verbatim (docs/gateway.md §7.1). */
export const PASSTHROUGH_RESULT = z.custom<Result>();

/** The era of a connection that negotiated none it could report (never for a connected one). */
const UNKNOWN_VERSION = "unknown";

/** The first wait before listening again after a listen stream ended unasked; doubles to 30 s. */
const RELISTEN_FIRST_MS = 1000;
const RELISTEN_MAX_MS = 30_000;

/** What a connection hears of on its listen stream besides resource updates. */
export interface ListenOptions {
  /** Whether to hear of tool, prompt and resource list changes (the catalog connection). */
  listChanges: boolean;
  /**
   * The listen stream ended without being asked to. Absent: the connection listens again
   * after a pause. A catalog connection over HTTP reconnects instead (docs/gateway.md §9.1).
   */
  streamLost?: () => void;
}

/**
 * One MCP client connection to an upstream, in the era its `server/discover` probe found
 * (docs/gateway.md §4.6). The gateway speaks the 2025 revisions to it whatever its era: on a
 * 2026-07-28 connection, `resources/subscribe` and `unsubscribe` become the URIs of the
 * connection's `subscriptions/listen` stream, `logging/setLevel` becomes the `logLevel` of
 * each later request's `_meta`, and `ping` becomes `server/discover`. Notifications arrive the
 * same way in both eras, without the listen stream's subscription id.
 */
export class UpstreamConnection {
  /** Whether the upstream speaks the 2026-07-28 revision on this connection. */
  readonly modern: boolean;
  private level: LoggingLevel | undefined;
  /** Subscribed URIs, each with how many subscriptions hold it. */
  private readonly uris = new Map<string, number>();
  private stream: McpSubscription | undefined;
  /** Listen streams are replaced one after another, never two at once. */
  private streamChange: Promise<void> = Promise.resolve();
  private relistenTimer: ReturnType<typeof setTimeout> | undefined;
  private relistenDelay = RELISTEN_FIRST_MS;
  private closed = false;

  /**
   * @param lane - a modern connection's path for the requests of the tasks extension
   */
  constructor(
    readonly client: Client,
    private readonly listen: ListenOptions,
    private readonly timeoutMs: number,
    private readonly lane?: TaskLane,
  ) {
    this.modern = client.getProtocolEra() === "modern";
  }

  /** Whether the upstream offers the tasks extension on this (2026-07-28) connection. */
  get offersTasks(): boolean {
    const extensions = this.serverCapabilities.extensions;
    return this.lane !== undefined && extensions !== undefined && TASKS_EXTENSION in extensions;
  }

  /** The protocol revision this connection speaks: `2026-07-28` or the negotiated 2025 one. */
  get protocolVersion(): string {
    return this.client.getNegotiatedProtocolVersion() ?? UNKNOWN_VERSION;
  }

  /**
   * The era verdict of this connection, as later connections to the same upstream reuse it:
   * the upstream's `server/discover` answer, or that it is a 2025 server.
   */
  get verdict(): PriorDiscovery {
    const discover = this.client.getDiscoverResult();
    return this.modern && discover ? { kind: "modern", discover } : { kind: "legacy" };
  }

  get serverCapabilities(): ServerCapabilities {
    return this.client.getServerCapabilities() ?? {};
  }

  get instructions(): string | undefined {
    return this.client.getInstructions();
  }

  /**
   * Opens the listen stream of a modern connection that hears of list changes (a catalog
   * connection, once its era is settled); nothing otherwise.
   */
  async start(): Promise<void> {
    if (this.modern && this.filter()) await this.replaceStream();
  }

  /**
   * Sends a request as the 2025 revisions name it; results pass unvalidated.
   * @throws ProtocolError with the upstream's answer; SdkError for timeouts and closed connections
   */
  async request(request: Request, options: ConnectionRequestOptions = {}): Promise<Result> {
    if (options.tasks === true && TASK_METHODS.has(request.method)) {
      return this.taskRequest(request, options);
    }
    if (!this.modern) return this.client.request(request, PASSTHROUGH_RESULT, options);
    const uri = (request.params as { uri?: unknown } | undefined)?.uri;
    switch (request.method) {
      case "resources/subscribe":
        if (typeof uri === "string") await this.subscribe(uri);
        return {};
      case "resources/unsubscribe":
        if (typeof uri === "string") await this.unsubscribe(uri);
        return {};
      case "logging/setLevel":
        this.level = (request.params as { level?: LoggingLevel } | undefined)?.level;
        return {};
      case "ping":
        await this.client.discover(options);
        return {};
      default: {
        const result = await this.client.request(
          this.withLevel(request),
          PASSTHROUGH_RESULT,
          options,
        );
        return withoutServerInfo(result);
      }
    }
  }

  /**
   * A request for a client that declared the tasks extension (docs/gateway.md §7.7): through
   * the lane, its answer as the upstream wrote it but for a complete result's `resultType`. An
   * upstream that does not offer the extension is asked as any other `tools/call`, and has no
   * `tasks/*` methods.
   */
  private async taskRequest(request: Request, options: ConnectionRequestOptions): Promise<Result> {
    if (!this.lane || !this.offersTasks) {
      if (request.method === "tools/call")
        return this.request(request, { ...options, tasks: false });
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        "Invalid params: the upstream that ran this task no longer offers tasks; the task is gone",
      );
    }
    const params = (this.withLevel(request).params ?? {}) as Record<string, unknown>;
    const result = await this.lane.request(request.method, params, {
      timeout: options.timeout ?? this.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const { resultType, ...rest } = result as Result & { resultType?: unknown };
    return withoutServerInfo(resultType === "complete" ? rest : result);
  }

  /** Sends a notification; one the connection's era does not have is dropped. */
  async notification(notification: Notification): Promise<void> {
    if (this.modern && notification.method === "notifications/roots/list_changed") return;
    await this.client.notification(notification);
  }

  /** Checks that the upstream still answers: `ping`, or `server/discover` on a modern one. */
  async alive(options: RequestOptions): Promise<void> {
    if (this.modern) await this.client.discover(options);
    else await this.client.ping(options);
  }

  /**
   * Whether a notification is left over from a listen stream being replaced: an update of a
   * URI no longer subscribed. While one stream replaces another both may carry an update, so
   * an update of a URI still subscribed may come twice (docs/gateway.md §4.6).
   */
  stale(notification: JSONRPCNotification): boolean {
    if (!this.modern || notification.method !== "notifications/resources/updated") return false;
    const uri = (notification.params as { uri?: unknown } | undefined)?.uri;
    return typeof uri !== "string" || !this.uris.has(uri);
  }

  /** A notification from the upstream as the gateway passes it on: no subscription id. */
  static delivered(notification: JSONRPCNotification): JSONRPCNotification {
    const params = notification.params as Record<string, unknown> | undefined;
    const meta = params?._meta as Record<string, unknown> | undefined;
    if (!params || !meta || !(SUBSCRIPTION_ID_META_KEY in meta)) return notification;
    const { [SUBSCRIPTION_ID_META_KEY]: _id, ...rest } = meta;
    const { _meta: _dropped, ...others } = params;
    const kept = Object.keys(rest).length > 0 ? { ...others, _meta: rest } : others;
    return { ...notification, params: kept };
  }

  /** Stops listening and closes the client. */
  async close(): Promise<void> {
    this.ended();
    await this.client.close();
  }

  /** The connection ended (closed here or by the upstream): no more listening. */
  ended(): void {
    this.closed = true;
    this.lane?.close();
    if (this.relistenTimer !== undefined) clearTimeout(this.relistenTimer);
    this.relistenTimer = undefined;
    const stream = this.stream;
    this.stream = undefined;
    void stream?.close().catch(() => {});
  }

  /** The request with the level the gateway asked for, unless it names one itself. */
  private withLevel(request: Request): Request {
    if (this.level === undefined) return request;
    const params = (request.params ?? {}) as Record<string, unknown>;
    const meta = (params._meta ?? {}) as Record<string, unknown>;
    if (LOG_LEVEL_META_KEY in meta) return request;
    return {
      ...request,
      params: { ...params, _meta: { ...meta, [LOG_LEVEL_META_KEY]: this.level } },
    };
  }

  private async subscribe(uri: string): Promise<void> {
    const held = this.uris.get(uri) ?? 0;
    this.uris.set(uri, held + 1);
    if (held > 0) {
      await this.streamChange;
      return;
    }
    try {
      await this.replaceStream();
    } catch (error) {
      this.uris.delete(uri);
      throw error;
    }
  }

  private async unsubscribe(uri: string): Promise<void> {
    const held = this.uris.get(uri);
    if (held === undefined) return;
    if (held > 1) {
      this.uris.set(uri, held - 1);
      return;
    }
    this.uris.delete(uri);
    await this.replaceStream();
  }

  /** What the listen stream asks for now, if anything. */
  private filter(): SubscriptionFilter | undefined {
    const filter: SubscriptionFilter = {};
    if (this.listen.listChanges) {
      const capabilities = this.serverCapabilities;
      if (capabilities.tools?.listChanged) filter.toolsListChanged = true;
      if (capabilities.prompts?.listChanged) filter.promptsListChanged = true;
      if (capabilities.resources?.listChanged) filter.resourcesListChanged = true;
    }
    if (this.uris.size > 0) filter.resourceSubscriptions = [...this.uris.keys()];
    return Object.keys(filter).length > 0 ? filter : undefined;
  }

  /**
   * Replaces the listen stream by one with the current filter (or none, when nothing is asked
   * for). The new stream is acknowledged before the old one closes, so no update falls between.
   */
  private replaceStream(): Promise<void> {
    const change = this.streamChange.then(async () => {
      if (this.closed) return;
      const previous = this.stream;
      const filter = this.filter();
      let next: McpSubscription | undefined;
      if (filter) {
        next = await this.client.listen(filter, { timeout: this.timeoutMs });
        void next.closed.then((reason) => this.streamEnded(next, reason));
      }
      this.stream = next;
      this.relistenDelay = RELISTEN_FIRST_MS;
      await previous?.close().catch(() => {});
    });
    this.streamChange = change.catch(() => {});
    return change;
  }

  /** A listen stream ended: expected when replaced or closed here; else listen again. */
  private streamEnded(
    stream: McpSubscription | undefined,
    reason: "local" | "graceful" | "remote",
  ): void {
    if (this.closed || stream !== this.stream || reason === "local") return;
    this.stream = undefined;
    if (this.listen.streamLost) {
      this.listen.streamLost();
      return;
    }
    this.scheduleRelisten();
  }

  private scheduleRelisten(): void {
    if (this.closed || this.relistenTimer !== undefined) return;
    const delay = this.relistenDelay;
    this.relistenDelay = Math.min(RELISTEN_MAX_MS, delay * 2);
    this.relistenTimer = setTimeout(() => {
      this.relistenTimer = undefined;
      this.replaceStream().catch(() => this.scheduleRelisten());
    }, delay);
    this.relistenTimer.unref?.();
  }
}

/**
 * A modern result without the upstream's `serverInfo` in its `_meta`: that names the server
 * of one hop, and the client's server is the gateway.
 */
function withoutServerInfo(result: Result): Result {
  const meta = result._meta as Record<string, unknown> | undefined;
  if (!meta || !(SERVER_INFO_META_KEY in meta)) return result;
  const { [SERVER_INFO_META_KEY]: _info, ...rest } = meta;
  const { _meta: _dropped, ...others } = result;
  return Object.keys(rest).length > 0 ? { ...others, _meta: rest } : others;
}
