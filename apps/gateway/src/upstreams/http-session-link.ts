import {
  type Notification,
  ProtocolError,
  type Request,
  type RequestOptions,
  type Result,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
} from "@modelcontextprotocol/client";
import type { Logger } from "@tabletop-mcp/kit";
import type { SessionPeer, Upstream, UpstreamLink } from "./upstream.js";
import type { ClientIdentity, ConnectionEvents } from "./upstream-client.js";
import type { UpstreamConnection } from "./upstream-connection.js";
import { describeError, UpstreamFailure } from "./upstream-failure.js";
import type { StandaloneStreamEvents } from "./upstream-fetch.js";

/** Restores a fresh upstream session to what the downstream session had asked (level, subscriptions). */
export type SessionRestorer = (send: (request: Request) => Promise<unknown>) => Promise<void>;

/** What a session's link needs of its HTTP upstream. */
export interface HttpLinkHost {
  readonly upstream: Upstream;
  readonly logger: Logger;
  /** Opens a new upstream session (connect and initialize, or a stateless 2026-07-28 connection). */
  open(
    identity: ClientIdentity,
    events: ConnectionEvents,
    stream: StandaloneStreamEvents,
  ): Promise<UpstreamConnection>;
  /** Closes a connection, deleting its upstream session. */
  end(connection: UpstreamConnection): Promise<void>;
  /** Maps a transport-level error to the failure the client sees; JSON-RPC errors pass. */
  failure(error: unknown): unknown;
  /** Counts the upstream sessions open for downstream sessions (stats). */
  sessionOpened(): void;
  sessionDropped(): void;
  /** True once the gateway shuts the upstream down. */
  isClosing(): boolean;
}

/** How often a session whose GET stream failed checks whether to re-initialize. */
const STREAM_RECHECK_MS = 3000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

/**
 * One downstream session's upstream session on a Streamable HTTP server, opened on first use.
 * When the upstream forgets the session (a 404 on a request or on the GET stream) it is
 * discarded without DELETE and a new one is initialized once, restored, and the failed
 * request re-sent once (docs/gateway.md §9.2).
 */
export class HttpSessionLink implements UpstreamLink {
  readonly shared = false;
  private connecting: Promise<UpstreamConnection> | undefined;
  private reinitializing: Promise<UpstreamConnection> | undefined;
  private closed = false;
  /**
   * Whether the current session's GET stream is open, as far as its last attempt said. Only the
   * current session's stream counts: a forgotten session is not closed, so its transport keeps
   * retrying its GET for a while, and its failures say nothing about the session that replaced it.
   */
  private streamOpen = true;

  constructor(
    private readonly host: HttpLinkHost,
    private readonly peer: SessionPeer,
    private readonly restore: SessionRestorer | undefined,
  ) {}

  async request(request: Request, options: RequestOptions): Promise<Result> {
    const upstream = this.host.upstream;
    if (this.closed) throw upstream.unavailable();
    await upstream.whenReady();
    const current = this.connect();
    let client: UpstreamConnection;
    try {
      client = await current;
      if (client.modern !== upstream.modern) client = await this.changeEra(current);
    } catch (error) {
      throw this.host.failure(error);
    }
    try {
      return await client.request(request, options);
    } catch (error) {
      if (!(error instanceof SdkHttpError) || error.status !== 404) {
        throw this.host.failure(error);
      }
      return this.resend(current, request, options);
    }
  }

  async notify(notification: Notification): Promise<void> {
    const client = await this.connecting?.catch(() => undefined);
    await client?.notification(notification).catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = await this.connecting?.catch(() => undefined);
    if (!client) return;
    this.host.sessionDropped();
    await this.host.end(client);
  }

  /** The upstream session, opened now if there is none (or the last attempt failed). */
  private connect(): Promise<UpstreamConnection> {
    if (this.connecting) return this.connecting;
    const attempt: Promise<UpstreamConnection> = this.host.open(
      { clientInfo: this.peer.clientInfo, capabilities: this.peer.clientCapabilities },
      {
        notification: (notification) => this.peer.fromUpstream(this.host.upstream, notification),
        request: (request, signal) =>
          this.peer.upstreamRequest(this.host.upstream, request, signal),
        closed: () => {},
      },
      // Resource updates and log messages arrive on the GET stream: a 404 there means they
      // would stop, with no request to notice, so the session is re-initialized now.
      {
        notFound: () => this.sessionLost(attempt),
        unreachable: () => this.streamDown(attempt),
        opened: () => {
          if (this.connecting === attempt) this.streamOpen = true;
        },
      },
    );
    this.connecting = attempt;
    this.streamOpen = true;
    attempt.then(
      () => this.host.sessionOpened(),
      () => {
        if (this.connecting === attempt) this.connecting = undefined;
      },
    );
    return attempt;
  }

  /**
   * A request got a 404: the upstream forgot the session, so the request was not processed.
   * Re-initializes once (requests failing together share it) and sends it again.
   * @throws UpstreamFailure `session_lost` when the new session cannot be used either
   */
  private async resend(
    stale: Promise<UpstreamConnection>,
    request: Request,
    options: RequestOptions,
  ): Promise<Result> {
    this.reinitializing ??= this.reinitialize(stale).finally(() => {
      this.reinitializing = undefined;
    });
    try {
      const fresh = await this.reinitializing;
      return await fresh.request(request, options);
    } catch (error) {
      // The upstream's own answer, or a timeout, is the request's; a new session that fails
      // otherwise (closed, unreachable) could not be used.
      if (error instanceof ProtocolError || isTimeout(error)) throw error;
      const name = this.host.upstream.name;
      throw new UpstreamFailure(
        name,
        "session_lost",
        `Upstream "${name}" forgot its session and a new one could not be used (${describeError(error)}); the next call tries afresh.`,
      );
    }
  }

  /** Replaces a forgotten session by a new one with the downstream session's level and subscriptions. */
  private async reinitialize(stale: Promise<UpstreamConnection>): Promise<UpstreamConnection> {
    if (this.connecting === stale) {
      this.connecting = undefined;
      // Discarded without DELETE, and not closed: requests still in flight on it get their
      // own 404 and join this re-initialize instead of failing as closed.
      stale.then(
        () => this.host.sessionDropped(),
        () => {},
      );
    }
    const fresh = await this.connect();
    if (this.restore) await this.restore((request) => fresh.request(request));
    return fresh;
  }

  /**
   * The upstream came back speaking another era than this session's connection (docs/gateway.md
   * §4.6): the connection is replaced by one in the new era, restored, and the old one closed.
   */
  private async changeEra(stale: Promise<UpstreamConnection>): Promise<UpstreamConnection> {
    this.reinitializing ??= this.reinitialize(stale).finally(() => {
      this.reinitializing = undefined;
    });
    const fresh = await this.reinitializing;
    void stale.then((old) => old.close().catch(() => {}));
    return fresh;
  }

  /** The GET stream of a session got a 404: re-initialize now, in the background. */
  private sessionLost(stale: Promise<UpstreamConnection>): void {
    if (this.closed || this.connecting !== stale || this.reinitializing) return;
    const name = this.host.upstream.name;
    this.host.logger.info(`upstream "${name}" forgot a session's stream; re-initializing`);
    this.reinitializing = this.reinitialize(stale).finally(() => {
      this.reinitializing = undefined;
    });
    this.reinitializing.catch((error: unknown) =>
      this.host.logger.warn(
        `upstream "${name}" could not re-initialize a session: ${describeError(error)}`,
      ),
    );
  }

  /**
   * The GET stream could not reconnect: the SDK retries it a few times, then gives up for
   * good. Once the upstream serves again (its catalog connection reconnects on the restart
   * schedule) and the stream is still not back, the session is re-initialized.
   */
  private streamDown(stale: Promise<UpstreamConnection>): void {
    if (this.connecting !== stale || !this.streamOpen) return;
    this.streamOpen = false;
    void this.watchForReturn(stale);
  }

  private async watchForReturn(stale: Promise<UpstreamConnection>): Promise<void> {
    const upstream = this.host.upstream;
    while (!this.closed && this.connecting === stale && !this.host.isClosing()) {
      await sleep(STREAM_RECHECK_MS);
      if (this.streamOpen) return;
      if (upstream.isServing() && this.connecting === stale) {
        this.sessionLost(stale);
        return;
      }
    }
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}
