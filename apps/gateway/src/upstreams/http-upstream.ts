import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  ErrorCode,
  type JSONRPCNotification,
  McpError,
  type Notification,
  type Request,
  type Result,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { HttpEntry } from "../config/types.js";
import { GATEWAY_PROFILE } from "../session/client-profile.js";
import {
  authorizedFetch,
  clientCredentialsSource,
  type TokenSource,
  UpstreamCredentialsError,
} from "./client-credentials.js";
import { type SessionPeer, Upstream, type UpstreamLink } from "./upstream.js";
import {
  type ClientIdentity,
  type ConnectionEvents,
  connectUpstreamClient,
  listTools,
  listUpstream,
  PASSTHROUGH_RESULT,
  type UpstreamListing,
} from "./upstream-client.js";
import { describeError, UpstreamFailure } from "./upstream-failure.js";
import {
  isolatedAbortFetch,
  type StandaloneStreamEvents,
  watchStandaloneStream,
} from "./upstream-fetch.js";

const LIST_CHANGES = new Set([
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
]);

/** Restores a fresh upstream session to what the downstream session had asked (level, subscriptions). */
export type SessionRestorer = (send: (request: Request) => Promise<unknown>) => Promise<void>;

/**
 * A remote Streamable HTTP server: one upstream session per downstream session (lazily), plus a
 * gateway-owned catalog session. A `404` for a known session re-initializes once and re-sends.
 */
/** How often a session whose GET stream failed checks whether to re-initialize. */
const STREAM_RECHECK_MS = 3000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

export class HttpUpstream extends Upstream {
  declare readonly entry: HttpEntry;
  private catalogClient: Client | undefined;
  private sessionClients = 0;
  private probing = false;
  /** The gateway's own tokens for this upstream, shared by all its connections. */
  private tokens: TokenSource | undefined;

  get connections(): number {
    return (this.catalogClient ? 1 : 0) + this.sessionClients;
  }

  private async open(
    identity: ClientIdentity,
    events: ConnectionEvents,
    stream: StandaloneStreamEvents,
  ): Promise<Client> {
    const auth = this.entry.auth;
    if (auth) this.tokens ??= clientCredentialsSource(auth, this.entry.url);
    const base = this.tokens
      ? authorizedFetch(isolatedAbortFetch(), this.tokens)
      : isolatedAbortFetch();
    const transport = new StreamableHTTPClientTransport(new URL(this.entry.url), {
      requestInit: { headers: { ...this.entry.headers } },
      fetch: watchStandaloneStream(base, stream),
    });
    return connectUpstreamClient(transport, identity, events, this.entry.startupTimeoutMs);
  }

  protected async openCatalog(): Promise<UpstreamListing> {
    let opened: Client | undefined;
    const client = await this.open(
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
    ).catch((error: unknown) => {
      throw this.classify(error);
    });
    opened = client;
    this.catalogClient = client;
    return listUpstream(client, { timeout: this.entry.startupTimeoutMs });
  }

  /**
   * The upstream forgot the catalog's session (a 404 on its GET stream, which no request would
   * reveal): discard that connection without DELETE, initialize a new one at once and re-list,
   * so list changes keep arriving. If that fails, reconnect on the restart schedule.
   */
  private catalogSessionLost(stale: Client): void {
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
      const transport = probe.transport as StreamableHTTPClientTransport | undefined;
      void transport
        ?.terminateSession()
        .catch(() => {})
        .finally(() => probe.close().catch(() => {}));
    }
  }

  /** A session request failed to connect: check the catalog session and reconnect if it is gone. */
  private probe(): void {
    const client = this.catalogClient;
    if (this.probing || !client || this.state !== "ready") return;
    this.probing = true;
    client.ping({ timeout: this.entry.timeoutMs }).then(
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
   * Makes the link of one downstream session.
   * @param peer - the session
   * @param restore - re-applies the session's logging level and subscriptions after a re-initialize
   */
  link(peer: SessionPeer, restore?: SessionRestorer): UpstreamLink {
    let connecting: Promise<Client> | undefined;
    let closed = false;
    const connect = (): Promise<Client> => {
      if (connecting) return connecting;
      const attempt: Promise<Client> = this.open(
        { clientInfo: peer.clientInfo, capabilities: peer.clientCapabilities },
        {
          notification: (notification) => peer.fromUpstream(this, notification),
          request: (request, signal) => peer.upstreamRequest(this, request, signal),
          closed: () => {},
        },
        // Resource updates and log messages arrive on the GET stream: a 404 there means they
        // would stop, with no request to notice, so the session is re-initialized now.
        {
          notFound: () => sessionLost(attempt),
          unreachable: () => streamDown(attempt),
          opened: () => {
            streamOpen = true;
          },
        },
      );
      connecting = attempt;
      attempt.then(
        () => {
          this.sessionClients++;
        },
        () => {
          if (connecting === attempt) connecting = undefined;
        },
      );
      return attempt;
    };
    const reinitialize = async (stale: Promise<Client>): Promise<Client> => {
      if (connecting === stale) {
        connecting = undefined;
        // Discarded without DELETE, and not closed: requests still in flight on it get their
        // own 404 and join this re-initialize instead of failing as closed.
        stale.then(
          () => this.sessionClients--,
          () => {},
        );
      }
      const fresh = await connect();
      if (restore) await restore((request) => fresh.request(request, PASSTHROUGH_RESULT));
      return fresh;
    };
    let reinitializing: Promise<Client> | undefined;
    let streamOpen = true;
    /**
     * The GET stream could not reconnect: the SDK retries it a few times, then gives up for
     * good. Once the upstream serves again (its catalog connection reconnects on the restart
     * schedule) and the stream is still not back, the session is re-initialized.
     */
    const streamDown = (stale: Promise<Client>): void => {
      if (!streamOpen) return;
      streamOpen = false;
      void (async () => {
        while (!closed && connecting === stale && !this.closing) {
          await sleep(STREAM_RECHECK_MS);
          if (streamOpen) return;
          if (this.isServing() && connecting === stale) {
            sessionLost(stale);
            return;
          }
        }
      })();
    };
    const sessionLost = (stale: Promise<Client>): void => {
      if (closed || connecting !== stale || reinitializing) return;
      this.host.logger.info(`upstream "${this.name}" forgot a session's stream; re-initializing`);
      reinitializing = reinitialize(stale).finally(() => {
        reinitializing = undefined;
      });
      reinitializing.catch((error: unknown) =>
        this.host.logger.warn(
          `upstream "${this.name}" could not re-initialize a session: ${describeError(error)}`,
        ),
      );
    };
    return {
      shared: false,
      request: async (request: Request, options: RequestOptions): Promise<Result> => {
        if (closed) throw this.unavailable();
        await this.whenReady();
        const current = connect();
        let client: Client;
        try {
          client = await current;
        } catch (error) {
          throw this.failure(error);
        }
        try {
          return await client.request(request, PASSTHROUGH_RESULT, options);
        } catch (error) {
          if (!(error instanceof StreamableHTTPError) || error.code !== 404)
            throw this.failure(error);
          reinitializing ??= reinitialize(current).finally(() => {
            reinitializing = undefined;
          });
          try {
            const fresh = await reinitializing;
            return await fresh.request(request, PASSTHROUGH_RESULT, options);
          } catch (retryError) {
            if (retryError instanceof McpError && retryError.code !== ErrorCode.ConnectionClosed)
              throw retryError;
            throw new UpstreamFailure(
              this.name,
              "session_lost",
              `Upstream "${this.name}" forgot its session and a new one could not be used (${describeError(retryError)}); the next call tries afresh.`,
            );
          }
        }
      },
      notify: async (notification: Notification) => {
        const client = await connecting?.catch(() => undefined);
        await client?.notification(notification).catch(() => {});
      },
      close: async () => {
        closed = true;
        const client = await connecting?.catch(() => undefined);
        if (!client) return;
        this.sessionClients--;
        const transport = client.transport as StreamableHTTPClientTransport | undefined;
        await transport?.terminateSession().catch(() => {});
        await client.close().catch(() => {});
      },
    };
  }

  /** Maps a transport-level error to the reason the client sees; JSON-RPC errors pass through. */
  private failure(error: unknown): unknown {
    if (error instanceof McpError || error instanceof UpstreamFailure) return error;
    return this.classify(error);
  }

  private classify(error: unknown): UpstreamFailure {
    const status = error instanceof StreamableHTTPError ? error.code : undefined;
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
    if (!client) return;
    const transport = client.transport as StreamableHTTPClientTransport | undefined;
    await transport?.terminateSession().catch(() => {});
    await client.close().catch(() => {});
  }
}
