import {
  type JSONRPCNotification,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type Tool,
} from "@modelcontextprotocol/client";
import type { HttpEntry } from "../config/types.js";
import { GATEWAY_PROFILE } from "../session/client-profile.js";
import {
  authorizedFetch,
  clientCredentialsSource,
  type TokenSource,
  UpstreamCredentialsError,
} from "./client-credentials.js";
import { type HttpLinkHost, HttpSessionLink, type SessionRestorer } from "./http-session-link.js";
import { type SessionPeer, Upstream, type UpstreamLink } from "./upstream.js";
import {
  type ClientIdentity,
  type ConnectionEvents,
  connectUpstreamClient,
  type EraPlan,
  listTools,
  listUpstream,
  type UpstreamListing,
} from "./upstream-client.js";
import type { ListenOptions, UpstreamConnection } from "./upstream-connection.js";
import { describeError, UpstreamFailure } from "./upstream-failure.js";
import {
  isolatedAbortFetch,
  type StandaloneStreamEvents,
  watchStandaloneStream,
} from "./upstream-fetch.js";

/** How a connection is made in the 2025 revisions, without a probe. */
const LEGACY_VERDICT: EraPlan = { prior: { kind: "legacy" } };

/** The SDK's local errors that are no sign of an unreachable upstream. */
const PASSED_SDK_ERRORS: ReadonlySet<SdkErrorCode> = new Set([
  SdkErrorCode.RequestTimeout,
  SdkErrorCode.ConnectionClosed,
]);

const LIST_CHANGES = new Set([
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
]);

/**
 * A remote Streamable HTTP server: one upstream session per downstream session (lazily), plus a
 * gateway-owned catalog session. A `404` for a known session re-initializes once and re-sends.
 */
export class HttpUpstream extends Upstream {
  declare readonly entry: HttpEntry;
  private catalogClient: UpstreamConnection | undefined;
  private sessionClients = 0;
  private probing = false;
  /** The gateway's own tokens for this upstream, shared by all its connections. */
  private tokens: TokenSource | undefined;

  get connections(): number {
    return (this.catalogClient ? 1 : 0) + this.sessionClients;
  }

  /**
   * Opens one upstream connection: an upstream session of its own in the 2025 revisions, a
   * stateless connection in 2026-07-28 (docs/gateway.md §4.6).
   */
  private async open(
    identity: ClientIdentity,
    events: ConnectionEvents,
    stream: StandaloneStreamEvents,
    era: EraPlan = this.eraPlan(),
    listen?: ListenOptions,
  ): Promise<UpstreamConnection> {
    const auth = this.entry.auth;
    if (auth) this.tokens ??= clientCredentialsSource(auth, this.entry.url);
    const base = this.tokens
      ? authorizedFetch(isolatedAbortFetch(), this.tokens)
      : isolatedAbortFetch();
    const transport = new StreamableHTTPClientTransport(new URL(this.entry.url), {
      requestInit: { headers: { ...this.entry.headers } },
      fetch: watchStandaloneStream(base, stream),
    });
    const timeoutMs = this.entry.startupTimeoutMs;
    return connectUpstreamClient(transport, identity, events, {
      era,
      timeoutMs,
      ...(listen ? { listen } : {}),
    });
  }

  protected async openCatalog(): Promise<UpstreamListing> {
    let client = await this.openCatalogConnection(this.probePlan()).catch((error: unknown) => {
      throw this.classify(error);
    });
    if (client.modern) {
      // Whether a 2026-07-28 upstream also takes the 2025 revisions (docs/gateway.md §4.6).
      const legacy = await this.openCatalogConnection(LEGACY_VERDICT).catch(() => undefined);
      if (legacy) {
        await client.close().catch(() => {});
        client = legacy;
      }
    }
    this.catalogClient = client;
    this.probed(client);
    await client.start();
    return listUpstream(client, { timeout: this.entry.startupTimeoutMs });
  }

  /** Opens the gateway's own connection to the upstream, which lists it and hears its changes. */
  private async openCatalogConnection(era: EraPlan): Promise<UpstreamConnection> {
    let opened: UpstreamConnection | undefined;
    opened = await this.open(
      { clientInfo: this.host.clientInfo, capabilities: GATEWAY_PROFILE },
      {
        notification: (notification) => this.catalogNotification(notification),
        request: (request, signal) => this.host.unownedRequest(this, request, signal, false),
        closed: () => {},
      },
      {
        notFound: () => {
          if (opened) this.catalogSessionLost(opened);
        },
        unreachable: () => this.probe(),
      },
      era,
      {
        listChanges: true,
        // A 2026-07-28 upstream tells of list changes only on the listen stream: when that
        // drops, the upstream is reconnected, probed again and listed again.
        streamLost: () => {
          if (opened) this.catalogStreamLost(opened);
        },
      },
    );
    return opened;
  }

  /** The listen stream of a 2026-07-28 catalog connection ended: reconnect on the schedule. */
  private catalogStreamLost(stale: UpstreamConnection): void {
    if (this.catalogClient !== stale || this.closing) return;
    this.catalogClient = undefined;
    void stale.close().catch(() => {});
    this.catalogLost(`upstream "${this.name}" ended the gateway's listen stream`);
  }

  /**
   * The upstream forgot the catalog's session (a 404 on its GET stream, which no request would
   * reveal): discard that connection without DELETE, initialize a new one at once and re-list,
   * so list changes keep arriving. If that fails, reconnect on the restart schedule.
   */
  private catalogSessionLost(stale: UpstreamConnection): void {
    if (this.catalogClient !== stale || this.closing) return;
    this.catalogClient = undefined;
    void stale.close().catch(() => {});
    this.host.logger.warn(`upstream "${this.name}" forgot the gateway's session; re-initializing`);
    this.openCatalog().then(
      (listing) => this.freshListing(listing),
      (error: unknown) => this.catalogLost(describeError(error)),
    );
  }

  private catalogNotification(notification: JSONRPCNotification): void {
    // A 2025 upstream tells each session's own connection that its resources changed; a
    // 2026-07-28 one tells only the catalog's listen stream, so every session hears it from here.
    if (notification.method === "notifications/resources/list_changed") {
      if (this.catalogClient?.modern) this.host.broadcast(this, notification);
      return;
    }
    if (!LIST_CHANGES.has(notification.method)) return;
    const client = this.catalogClient;
    if (!client) return;
    listUpstream(client, { timeout: this.entry.timeoutMs }).then(
      (listing) => this.relisted(listing),
      (error: unknown) =>
        this.host.logger.warn(
          `upstream "${this.name}" could not be re-listed: ${describeError(error)}`,
        ),
    );
  }

  protected override async probeTools(identity: ClientIdentity): Promise<Tool[]> {
    const ignored = { notFound: () => {}, unreachable: () => {} };
    const probe = await this.open(identity, { notification: () => {}, closed: () => {} }, ignored);
    try {
      return await listTools(probe, { timeout: this.entry.startupTimeoutMs });
    } finally {
      void endSession(probe);
    }
  }

  /** A session request failed to connect: check the catalog session and reconnect if it is gone. */
  private probe(): void {
    const client = this.catalogClient;
    if (this.probing || !client || this.state !== "ready") return;
    this.probing = true;
    client.alive({ timeout: this.entry.timeoutMs }).then(
      () => {
        this.probing = false;
      },
      (error: unknown) => {
        this.probing = false;
        this.catalogClient = undefined;
        void client.close().catch(() => {});
        this.catalogLost(describeError(error));
      },
    );
  }

  /**
   * Makes the link of one downstream session: its own upstream session, opened on first use.
   * @param peer - the session
   * @param restore - re-applies the session's logging level and subscriptions after a re-initialize
   */
  link(peer: SessionPeer, restore?: SessionRestorer): UpstreamLink {
    return new HttpSessionLink(this.linkHost(), peer, restore);
  }

  private linkHost(): HttpLinkHost {
    return {
      upstream: this,
      logger: this.host.logger,
      open: (identity, events, stream) => this.open(identity, events, stream),
      end: endSession,
      failure: (error) => this.failure(error),
      sessionOpened: () => {
        this.sessionClients++;
      },
      sessionDropped: () => {
        this.sessionClients--;
      },
      isClosing: () => this.closing,
    };
  }

  /**
   * Maps a transport-level error to the reason the client sees; JSON-RPC errors pass through,
   * and so do the SDK's own timeouts and closed connections, which callers tell apart.
   */
  private failure(error: unknown): unknown {
    if (error instanceof ProtocolError || error instanceof UpstreamFailure) return error;
    if (error instanceof SdkError && PASSED_SDK_ERRORS.has(error.code)) return error;
    return this.classify(error);
  }

  private classify(error: unknown): UpstreamFailure {
    const status = error instanceof SdkHttpError ? error.status : undefined;
    const unauthorized =
      status === 401 ||
      status === 403 ||
      error instanceof UpstreamCredentialsError ||
      (error instanceof Error && error.name === "UnauthorizedError");
    if (unauthorized) {
      this.host.logger.error(
        `upstream "${this.name}" refused the gateway's credentials: ${describeError(error)}`,
      );
      return new UpstreamFailure(
        this.name,
        "unauthorized",
        `Upstream "${this.name}" refused the gateway's credentials (${describeError(error)}); check its "headers" or "auth" in the config.`,
      );
    }
    this.probe();
    return new UpstreamFailure(
      this.name,
      "unavailable",
      `Upstream "${this.name}" is unavailable (${describeError(error)}); its tools fail until it is back. Other tools are unaffected.`,
    );
  }

  async close(): Promise<void> {
    this.stopRestarts();
    const client = this.catalogClient;
    this.catalogClient = undefined;
    if (client) await endSession(client);
  }
}

/**
 * Closes a connection, deleting its upstream session first (a 2026-07-28 connection has none).
 *
 * @param connection - a connection this upstream opened
 */
export async function endSession(connection: UpstreamConnection): Promise<void> {
  const transport = connection.client.transport as StreamableHTTPClientTransport | undefined;
  if (!connection.modern) await transport?.terminateSession().catch(() => {});
  await connection.close().catch(() => {});
}
