import type {
  AuthInfo,
  Implementation,
  JSONRPCNotification,
  JSONRPCRequest,
  Result,
} from "@modelcontextprotocol/server";
import { SpacingLimiter } from "@tabletop-mcp/kit/cli";
import { BuiltinUpstream } from "../upstreams/builtin-upstream.js";
import type { SessionPeer, Upstream, UpstreamLink } from "../upstreams/upstream.js";
import { type ClientProfile, GATEWAY_PROFILE } from "./client-profile.js";
import { heldRequest } from "./client-requests.js";
import type { PendingCalls } from "./pending-call.js";

/** What one caller's 2026-07-28 requests are, to its links. */
export interface CallerRequest {
  readonly clientInfo: Implementation;
  readonly clientCapabilities: ClientProfile;
  fromUpstream(upstream: Upstream, notification: JSONRPCNotification): void;
}

/** What the links of one caller need from the gateway. */
export interface CallerLinksHost {
  readonly upstreams: readonly Upstream[];
  readonly clientInfo: Implementation;
  /** 2026-07-28 clients' calls held open across rounds. */
  readonly pendingCalls: PendingCalls;
  /** How long the links outlive the caller's last request. */
  readonly idleMs: number;
  /** The links closed after their idle time. */
  expired(links: CallerLinks): void;
}

/**
 * One caller's connections for its 2026-07-28 requests (docs/gateway.md §4.7). A modern request
 * has no session, so what a 2025 session gets for itself is kept per caller (its subject, or
 * its address without auth) instead: its own child of a `per_session` stdio upstream, its own
 * session with a 2025 HTTP upstream, its spacing of calls (`rate_limit_ms`). They are made on
 * the caller's first request that needs them and closed once no request of the caller has
 * been served for the idle time. Builtins and shared stdio connections are everybody's.
 */
export class CallerLinks implements SessionPeer {
  private readonly links: (UpstreamLink | undefined)[];
  private readonly limiters: (SpacingLimiter | undefined)[];
  /** The caller's requests being served now. */
  private readonly serving = new Set<CallerRequest>();
  private authInfo: AuthInfo | undefined;
  private first: CallerRequest | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    readonly caller: string,
    private readonly host: CallerLinksHost,
  ) {
    this.links = new Array(host.upstreams.length);
    this.limiters = host.upstreams.map((upstream) =>
      upstream.entry.rateLimitMs > 0 ? new SpacingLimiter(upstream.entry.rateLimitMs) : undefined,
    );
  }

  /** Whether a request of the caller is being served. */
  get busy(): boolean {
    return this.serving.size > 0;
  }

  /** The caller's link to an upstream: the shared one of a builtin, else its own. */
  link(upstream: Upstream, request: CallerRequest): UpstreamLink {
    if (upstream instanceof BuiltinUpstream) return upstream.modernLink();
    let link = this.links[upstream.index];
    if (!link) {
      this.first ??= request;
      link = upstream.link(this);
      this.links[upstream.index] = link;
    }
    return link;
  }

  limiter(upstream: Upstream): SpacingLimiter | undefined {
    return this.limiters[upstream.index];
  }

  /** A request of the caller began: the links stay while it is served. */
  begin(request: CallerRequest, authInfo: AuthInfo | undefined): void {
    this.serving.add(request);
    this.authInfo = authInfo ?? this.authInfo;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  /** A request of the caller ended: the idle time starts once none is left. */
  end(request: CallerRequest): void {
    if (!this.serving.delete(request) || this.serving.size > 0 || this.closed) return;
    this.idleTimer = setTimeout(() => {
      this.host.expired(this);
      void this.close();
    }, this.host.idleMs);
    this.idleTimer.unref?.();
  }

  // What the upstream connections made for the caller see of it (docs/gateway.md §4.5).

  get clientInfo(): Implementation {
    return this.first?.clientInfo ?? this.host.clientInfo;
  }

  get clientCapabilities(): ClientProfile {
    return this.first?.clientCapabilities ?? GATEWAY_PROFILE;
  }

  callerAuthInfo(): AuthInfo | undefined {
    return this.authInfo;
  }

  fromUpstream(upstream: Upstream, notification: JSONRPCNotification): void {
    for (const request of this.serving) request.fromUpstream(upstream, notification);
  }

  /**
   * An upstream's request for the client goes to the caller's one call to it held open for
   * the client's next round (docs/gateway.md §7.6).
   */
  upstreamRequest(
    upstream: Upstream,
    request: JSONRPCRequest,
    signal: AbortSignal,
  ): Promise<Result> {
    return heldRequest(this.host.pendingCalls.to(upstream, this), upstream, request, signal);
  }

  /** Closes the caller's own connections (idle, or the gateway stops). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    for (const limiter of this.limiters) limiter?.clear();
    await Promise.all(this.links.map((link) => link?.close().catch(() => {})));
  }
}
