import type { PriorDiscovery } from "@modelcontextprotocol/client";
import type {
  AuthInfo,
  Implementation,
  JSONRPCNotification,
  JSONRPCRequest,
  Notification,
  Request,
  RequestOptions,
  Result,
  ServerCapabilities,
  Tool,
} from "@modelcontextprotocol/server";
import type { Logger } from "@tabletop-mcp/kit";
import type { CachedMethod, CacheHint } from "../catalog/cache-hints.js";
import type { ServerEntry } from "../config/types.js";
import { type ClientProfile, GATEWAY_PROFILE, profileKey } from "../session/client-profile.js";
import { boundText } from "./bounded-text.js";
import { RestartLoop, type RestartOptions } from "./restart-loop.js";
import { TASKS_EXTENSION } from "./task-lane.js";
import type { ClientIdentity, EraPlan, UpstreamListing } from "./upstream-client.js";
import type { UpstreamConnection } from "./upstream-connection.js";
import { describeError, UpstreamFailure } from "./upstream-failure.js";

/** Health states shown in stats (docs/gateway.md §11). */
export type UpstreamState = "starting" | "ready" | "restarting" | "down" | "conflict";

/** Clients with the gateway's own profile are offered what the catalog lists: no probe. */
const GATEWAY_PROFILE_KEY = profileKey(GATEWAY_PROFILE);
const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

/** Attempts during which a lost upstream is `restarting`; `down` after. */
const RESTARTING_ATTEMPTS = 5;
/** How long a call waits for its upstream to become ready. */
const READY_WAIT_MS = 2000;

/** What a downstream session offers the upstream connections made for it. */
export interface SessionPeer {
  readonly clientInfo: Implementation;
  /** The client's own sampling, elicitation and roots capabilities. */
  readonly clientCapabilities: ClientProfile;
  /** A notification from this session's own connection to `upstream`. */
  fromUpstream(upstream: Upstream, notification: JSONRPCNotification): void;
  /** The caller's `authInfo` as the session last received it; in-process servers get it. */
  callerAuthInfo(): AuthInfo | undefined;
  /** A request from this session's own connection to `upstream`, for the client. */
  upstreamRequest(
    upstream: Upstream,
    request: JSONRPCRequest,
    signal: AbortSignal,
  ): Promise<Result>;
}

/**
 * A request's options on a link: the SDK's, and the caller, which an in-process builtin is told
 * of with each request (docs/gateway.md §4.1); other upstreams learn it from `_meta` (§4.5).
 */
export type LinkRequestOptions = RequestOptions & {
  authInfo?: AuthInfo;
  /** The client declared the tasks extension: tasks may be passed on (docs/gateway.md §7.7). */
  tasks?: boolean;
};

/** One session's path to one upstream. */
export interface UpstreamLink {
  /** True when every session shares this connection (shared stdio). */
  readonly shared: boolean;
  /** Sends a request, connecting first when needed; throws {@link UpstreamFailure} when it cannot. */
  request(request: Request, options: LinkRequestOptions): Promise<Result>;
  /** Sends a notification when connected; dropped otherwise. */
  notify(notification: Notification): Promise<void>;
  /** Closes this session's own connection, if any. */
  close(): Promise<void>;
}

/** What upstreams report to the gateway. */
export interface UpstreamHost {
  logger: Logger;
  /** How shared and catalog connections introduce themselves upstream (docs/gateway.md §4.5). */
  readonly clientInfo: Implementation;
  /** A fresh listing arrived (connect, restart or list change). */
  listed(upstream: Upstream, listing: UpstreamListing): void;
  /** The state changed (down, restarted …). */
  stateChanged(upstream: Upstream, previous: UpstreamState): void;
  /** A notification from a connection all sessions share. */
  broadcast(upstream: Upstream, notification: JSONRPCNotification): void;
  /**
   * A request for the client (sampling, elicitation, roots) on a connection no session owns:
   * the shared connection of a stdio upstream (`shared`), or a catalog connection.
   */
  unownedRequest(
    upstream: Upstream,
    request: JSONRPCRequest,
    signal: AbortSignal,
    shared: boolean,
  ): Promise<Result>;
  /** Restart schedule hooks (tests). */
  restart?: RestartOptions;
}

/** One configured upstream: its catalog connection, health and per-session links. */
export abstract class Upstream {
  state: UpstreamState = "starting";
  restarts = 0;
  lastError: string | null = null;
  listing: UpstreamListing | undefined;
  /** Names withheld because they clash or are invalid (docs/gateway.md §5.4). */
  withheld: string[] = [];
  /**
   * The protocol revision the upstream spoke on the catalog connection last made:
   * `2026-07-28`, or the 2025 revision negotiated; `null` before it first connected.
   */
  era: string | null = null;
  /** The era verdict of the last probe, which every later connection reuses (docs/gateway.md §4.6). */
  private verdict: PriorDiscovery | undefined;
  protected readonly loop: RestartLoop;
  /** The tool names of the catalog connection's first listing, before any change at runtime. */
  private baseline: ReadonlySet<string> = new Set();
  /** Per client profile (by key), the baseline tools a fresh connection does not offer it. */
  private hiddenByProfile = new Map<string, Promise<ReadonlySet<string>>>();
  private readyWaiters = new Set<() => void>();
  /** The optional list methods already logged as missing: once per upstream is enough. */
  private readonly loggedMissing = new Set<string>();
  private everReady = false;
  protected closing = false;

  constructor(
    readonly entry: ServerEntry,
    readonly index: number,
    protected readonly host: UpstreamHost,
  ) {
    this.loop = new RestartLoop(
      () => this.connectCatalog(),
      (error, failures) => this.attemptFailed(error, failures),
      host.restart,
    );
  }

  get name(): string {
    return this.entry.name;
  }

  /** Whether the last probe found the upstream speaking the 2026-07-28 revision. */
  get modern(): boolean {
    return this.verdict?.kind === "modern";
  }

  /** Whether it offers the tasks extension of the 2026-07-28 revision (docs/gateway.md §7.7). */
  get offersTasks(): boolean {
    const extensions = this.modern ? this.capabilities?.extensions : undefined;
    return extensions !== undefined && TASKS_EXTENSION in extensions;
  }

  /** What the upstream said it can do, once connected. */
  get capabilities(): ServerCapabilities | undefined {
    return this.listing?.capabilities;
  }

  /** When the next reconnection attempt is due (epoch ms), while one is scheduled. */
  get nextAttemptAt(): number | undefined {
    return this.loop.nextAttemptAt;
  }

  /**
   * The cache hint of one of its lists as it last gave it (docs/gateway.md §5.5); only a
   * 2026-07-28 upstream's lists carry one.
   */
  cacheHint(method: CachedMethod): CacheHint | undefined {
    return this.listing?.cacheHints[method];
  }

  /** Whether it may offer different tools to clients of different capabilities (§4.5). */
  get offersPerClient(): boolean {
    return this.probeTools !== undefined;
  }

  /** Live upstream connections (for stats). */
  abstract get connections(): number;

  /** Opens the catalog connection and lists; throws when it cannot. */
  protected abstract openCatalog(): Promise<UpstreamListing>;

  /**
   * Lists the tools this upstream offers a client that introduces itself so, on a connection
   * of its own that is closed afterwards; absent where every client is offered the same tools.
   */
  protected probeTools?(identity: ClientIdentity): Promise<Tool[]>;

  /**
   * The scopes a resource request needs, as the upstream itself declares them; only
   * in-process servers declare any.
   */
  requestScopes(_method: string, _params: Readonly<Record<string, unknown>>): readonly string[] {
    return [];
  }

  /** Makes the link of one downstream session. */
  abstract link(peer: SessionPeer): UpstreamLink;

  /** A fresh probe of the upstream's era, as each catalog connection makes (docs/gateway.md §4.6). */
  protected probePlan(): EraPlan {
    return { probeTimeoutMs: Math.min(this.entry.probeTimeoutMs, this.entry.startupTimeoutMs) };
  }

  /** How a connection other than the catalog's learns the era: the last verdict, else a probe. */
  protected eraPlan(): EraPlan {
    return this.verdict ? { prior: this.verdict } : this.probePlan();
  }

  /** A catalog connection probed the upstream: later connections reuse what it found. */
  protected probed(connection: UpstreamConnection): void {
    this.verdict = connection.verdict;
    this.era = connection.protocolVersion;
  }

  /** Closes every connection of this upstream. */
  abstract close(): Promise<void>;

  /** Connects the first time; resolves once the first attempt has succeeded or failed. */
  async start(): Promise<void> {
    await this.loop.run();
  }

  private async connectCatalog(): Promise<void> {
    const listing = await this.openCatalog();
    this.lastError = null;
    const previous = this.state;
    if (this.everReady) this.restarts++;
    this.everReady = true;
    this.state = "ready";
    this.freshListing(listing);
    if (this.state === "ready" && previous !== "ready") this.host.stateChanged(this, previous);
    for (const wake of this.readyWaiters) wake();
    this.readyWaiters.clear();
  }

  /**
   * The listing of a catalog connection just opened: it is also the baseline of what a new
   * connection with the gateway's profile is offered, and what was probed before is forgotten
   * (the upstream may have changed while it was away).
   */
  protected freshListing(listing: UpstreamListing): void {
    this.baseline = new Set(listing.tools.map((tool) => tool.name));
    this.hiddenByProfile.clear();
    this.relisted(listing);
  }

  /** A new listing of the catalog connection (connect or list change). */
  protected relisted(listing: UpstreamListing): void {
    for (const method of listing.missing) {
      if (this.loggedMissing.has(method)) continue;
      this.loggedMissing.add(method);
      this.host.logger.info(
        `upstream "${this.name}" answered ${method} with Method not found; serving it as an empty list`,
      );
    }
    this.listing = listing;
    this.host.listed(this, listing);
  }

  /**
   * The tools this upstream offers the gateway's own connections but not a client with this
   * profile: those of the baseline that a fresh connection introducing itself with the
   * profile is not offered (a server may offer its sampling tool only to clients that can
   * sample). Comparing two fresh connections, not the catalog's current list, keeps tools an
   * upstream added at runtime visible. Each profile is probed once per catalog connection;
   * while the upstream is not serving, or when the probe fails, nothing is hidden.
   *
   * @param profile - the client's sampling, elicitation and roots capabilities
   * @returns upstream tool names to hide from that client
   */
  toolsHiddenFrom(profile: ClientProfile): Promise<ReadonlySet<string>> {
    const key = profileKey(profile);
    if (!this.probeTools || !this.isServing() || key === GATEWAY_PROFILE_KEY) {
      return Promise.resolve(NOTHING_HIDDEN);
    }
    let hidden = this.hiddenByProfile.get(key);
    if (!hidden) {
      const baseline = this.baseline;
      const identity = { clientInfo: this.host.clientInfo, capabilities: profile };
      hidden = this.probeTools(identity).then(
        (tools) => {
          const offered = new Set(tools.map((tool) => tool.name));
          return new Set([...baseline].filter((name) => !offered.has(name)));
        },
        (error: unknown) => {
          this.host.logger.warn(
            `upstream "${this.name}" could not be listed for a client with capabilities ${key}: ${describeError(error)}; its sessions see the whole catalog`,
          );
          return NOTHING_HIDDEN;
        },
      );
      this.hiddenByProfile.set(key, hidden);
    }
    return hidden;
  }

  private attemptFailed(error: unknown, failures: number): void {
    this.lastError = describeError(error);
    const previous = this.state;
    this.state = this.everReady && failures <= RESTARTING_ATTEMPTS ? "restarting" : "down";
    this.host.logger.warn(`upstream "${this.name}" could not connect: ${this.lastError}`);
    if (previous !== this.state) this.host.stateChanged(this, previous);
  }

  /** The catalog connection ended unexpectedly: reconnect on the schedule. */
  protected catalogLost(reason: string): void {
    if (this.closing) return;
    this.lastError = boundText(reason);
    const previous = this.state;
    this.state = "restarting";
    this.host.logger.warn(`upstream "${this.name}" lost: ${reason}`);
    if (previous !== this.state) this.host.stateChanged(this, previous);
    this.loop.lost();
  }

  /** The tools of this upstream were withheld at connect: every one. */
  markConflict(): void {
    this.state = "conflict";
  }

  /**
   * Waits up to 2 s for the upstream to be ready.
   * @throws UpstreamFailure `restarting` or `unavailable`
   */
  async whenReady(): Promise<void> {
    if (this.isServing()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, READY_WAIT_MS);
      const waiters = this.readyWaiters;
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
    });
    if (this.isServing()) return;
    throw this.unavailable();
  }

  /** Whether calls can be sent now. */
  isServing(): boolean {
    return this.state === "ready" || this.state === "conflict";
  }

  /** The failure a call gets while this upstream is not ready. */
  unavailable(): UpstreamFailure {
    const detail = this.lastError ? ` (${this.lastError})` : "";
    if (this.state === "restarting") {
      return new UpstreamFailure(
        this.name,
        "restarting",
        `Upstream "${this.name}" is restarting${detail}; its tools fail until it is back. Other tools are unaffected.`,
      );
    }
    return new UpstreamFailure(
      this.name,
      "unavailable",
      `Upstream "${this.name}" is unavailable${detail}; its tools fail until it is back. Other tools are unaffected.`,
    );
  }

  /** Stops reconnecting (shutdown). */
  protected stopRestarts(): void {
    this.closing = true;
    this.loop.stop();
  }
}
