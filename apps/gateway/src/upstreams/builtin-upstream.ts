import type {
  JSONRPCNotification,
  JSONRPCRequest,
  Notification,
  Request,
  Result,
} from "@modelcontextprotocol/server";
import { ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { KitServer } from "@tabletop-mcp/kit";
import { declaredScopes, scopesNeeded } from "@tabletop-mcp/kit/auth";
import { InProcessConnection } from "@tabletop-mcp/kit/in-process";
import { type CachedMethod, type CacheHint, hintOf } from "../catalog/cache-hints.js";
import type { BuiltinEntry } from "../config/types.js";
import { GATEWAY_PROFILE } from "../session/client-profile.js";
import { ProtocolError } from "../session/protocol-error.js";
import { type BuiltinFactory, openBuiltin } from "./builtin-servers.js";
import {
  type LinkRequestOptions,
  type SessionPeer,
  Upstream,
  type UpstreamLink,
} from "./upstream.js";
import { type ClientIdentity, listUpstream, type UpstreamListing } from "./upstream-client.js";

/** What an in-process server's connection passes on. */
interface BuiltinEvents {
  notification(notification: JSONRPCNotification): void;
  request(request: JSONRPCRequest, signal: AbortSignal): Promise<Result>;
}

/**
 * An in-process server: one fresh `createServer` instance per downstream session, reached
 * through the kit's in-process connection (docs/gateway.md §4.1), plus one for the catalog.
 * Each connection is given the instance's `directToolCalls`, so its tool calls run in the
 * server's own kit handler without a message round trip.
 */
export class BuiltinUpstream extends Upstream {
  declare readonly entry: BuiltinEntry;
  /** Live server instances, the catalog's included (a test hook for leak checks). */
  liveInstances = 0;
  private factory: BuiltinFactory | undefined;
  private catalog: InProcessConnection | undefined;
  /** The catalog's server instance: it knows the scopes its tools and resources declare. */
  private catalogServer: KitServer | undefined;
  /** The connection every 2026-07-28 request shares, made on first use. */
  private modernConnection: Promise<InProcessConnection> | undefined;
  private modernLinkShared: UpstreamLink | undefined;

  get connections(): number {
    return this.liveInstances;
  }

  protected async openCatalog(): Promise<UpstreamListing> {
    this.factory ??= openBuiltin(this.entry, this.host.logger);
    const server = this.instance();
    this.catalogServer = server;
    const connection = await InProcessConnection.open(
      server,
      { clientInfo: this.host.clientInfo, capabilities: GATEWAY_PROFILE },
      {
        notification: () => {},
        request: (request, signal) => this.host.unownedRequest(this, request, signal, false),
      },
      server.directToolCalls,
    );
    this.catalog = connection;
    this.era = connection.protocolVersion;
    return listUpstream(connection, { timeout: this.entry.startupTimeoutMs });
  }

  override requestScopes(method: string, params: Readonly<Record<string, unknown>>): string[] {
    if (!this.catalogServer) return [];
    return scopesNeeded(this.catalogServer, { jsonrpc: "2.0", id: 0, method, params });
  }

  /** A builtin's hints are those its package's servers give their 2026-07-28 results. */
  override cacheHint(method: CachedMethod): CacheHint | undefined {
    const hint = this.catalogServer?.cacheHints[method];
    return hint ? hintOf({ ...hint }) : undefined;
  }

  /** Every scope the server's tools and resources declare. */
  declaredScopes(): readonly string[] {
    return this.catalogServer ? declaredScopes(this.catalogServer) : [];
  }

  /** Makes a server instance and connects to it. */
  private async connect(
    identity: ClientIdentity,
    events: BuiltinEvents,
  ): Promise<InProcessConnection> {
    const server = this.instance();
    return InProcessConnection.open(server, identity, events, server.directToolCalls);
  }

  /** Makes a server instance, counted live until it closes. */
  private instance(): KitServer {
    const factory = this.factory;
    if (!factory) throw new Error(`builtin "${this.name}" is not open`);
    const server = factory.createServer();
    this.liveInstances++;
    const previous = server.onclose;
    server.onclose = () => {
      this.liveInstances--;
      previous?.();
    };
    return server;
  }

  link(peer: SessionPeer): UpstreamLink {
    const connecting = this.connect(
      { clientInfo: peer.clientInfo, capabilities: peer.clientCapabilities },
      {
        notification: (notification) => peer.fromUpstream(this, notification),
        request: (request, signal) => peer.upstreamRequest(this, request, signal),
      },
    );
    connecting.catch(() => {});
    // Once connected, calls go straight to the connection rather than through the promise.
    let connected: InProcessConnection | undefined;
    const connection = async () => {
      connected ??= await connecting;
      return connected;
    };
    // The builtin learns who calls in process, as the kit's HTTP layer tells a server of its
    // own: the request's (else the session's) authInfo travels with it, and no token goes
    // anywhere.
    const asCaller = (options: LinkRequestOptions) => {
      const authInfo = options.authInfo ?? peer.callerAuthInfo();
      return authInfo ? { ...options, authInfo } : options;
    };
    return {
      shared: false,
      request: (request: Request, options) =>
        connected
          ? connected.request(request, asCaller(options))
          : connection().then((open) => open.request(request, asCaller(options))),
      notify: async (notification: Notification) => (await connection()).notify(notification),
      close: async () => {
        const connection = await connecting.catch(() => undefined);
        await connection?.close();
      },
    };
  }

  /**
   * The link of every 2026-07-28 request (docs/gateway.md §4.1): one instance as the package
   * serves that era, with no session state (campaign's context lives in handles), shared by all
   * callers, each request carrying its own caller. A builtin's request for the client
   * (elicitation) has no client session to reach on it and is refused.
   */
  modernLink(): UpstreamLink {
    if (this.modernLinkShared) return this.modernLinkShared;
    const connection = () => {
      this.modernConnection ??= this.openModern();
      return this.modernConnection;
    };
    let connected: InProcessConnection | undefined;
    this.modernLinkShared = {
      shared: false,
      request: (request: Request, options: LinkRequestOptions) => {
        if (connected) return connected.request(request, options);
        return connection().then((open) => {
          connected = open;
          return open.request(request, options);
        });
      },
      notify: async () => {},
      // Shared by every request: closed with the upstream, never by one of them.
      close: async () => {},
    };
    return this.modernLinkShared;
  }

  private openModern(): Promise<InProcessConnection> {
    const factory = this.factory;
    if (!factory) return Promise.reject(new Error(`builtin "${this.name}" is not open`));
    const server = factory.createModernServer();
    this.liveInstances++;
    const previous = server.onclose;
    server.onclose = () => {
      this.liveInstances--;
      previous?.();
    };
    return InProcessConnection.open(
      server,
      { clientInfo: this.host.clientInfo, capabilities: GATEWAY_PROFILE },
      {
        notification: () => {},
        request: (request) =>
          Promise.reject(
            new ProtocolError(
              ProtocolErrorCode.InternalError,
              `The gateway cannot pass "${request.method}" from builtin "${this.name}" to a 2026-07-28 client`,
            ),
          ),
      },
      server.directToolCalls,
    );
  }

  async close(): Promise<void> {
    this.stopRestarts();
    await this.catalog?.close();
    const modern = await this.modernConnection?.catch(() => undefined);
    await modern?.close();
    this.factory?.close();
  }
}
