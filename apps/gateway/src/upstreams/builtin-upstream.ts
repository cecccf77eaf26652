import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Notification, Request, Result } from "@modelcontextprotocol/sdk/types.js";
import { declaredScopes, scopesNeeded } from "@tabletop-mcp/kit";
import type { BuiltinEntry } from "../config/types.js";
import { GATEWAY_PROFILE } from "../session/client-profile.js";
import { type BuiltinFactory, openBuiltin } from "./builtin-servers.js";
import { directToolCall } from "./direct-tool-call.js";
import { type SessionPeer, Upstream, type UpstreamLink } from "./upstream.js";
import {
  type ClientIdentity,
  type ConnectionEvents,
  connectUpstreamClient,
  listUpstream,
  PASSTHROUGH_RESULT,
  type UpstreamListing,
} from "./upstream-client.js";

/**
 * An in-process server: one fresh `createServer` instance per downstream session, linked by an
 * in-memory transport pair to a fresh client (gateway.md §5), plus one for the catalog.
 */
export class BuiltinUpstream extends Upstream {
  declare readonly entry: BuiltinEntry;
  /** Live server instances, the catalog's included (a test hook for leak checks). */
  liveInstances = 0;
  private factory: BuiltinFactory | undefined;
  private catalogClient: Client | undefined;
  /** The catalog's server instance: it knows the scopes its tools and resources declare. */
  private catalogServer: Server | undefined;

  get connections(): number {
    return this.liveInstances;
  }

  protected async openCatalog(): Promise<UpstreamListing> {
    this.factory ??= openBuiltin(this.entry, this.host.logger);
    const client = await this.connect(
      { clientInfo: this.host.clientInfo, capabilities: GATEWAY_PROFILE },
      {
        notification: () => {},
        request: (request, signal) => this.host.unownedRequest(this, request, signal, false),
        closed: () => {},
      },
    );
    this.catalogClient = client;
    return listUpstream(client, { timeout: this.entry.startupTimeoutMs });
  }

  private async connect(identity: ClientIdentity, events: ConnectionEvents): Promise<Client> {
    const opened = this.open(identity, events);
    this.catalogServer = opened.server;
    return opened.connected;
  }

  override requestScopes(method: string, params: Readonly<Record<string, unknown>>): string[] {
    if (!this.catalogServer) return [];
    return scopesNeeded(this.catalogServer, { jsonrpc: "2.0", id: 0, method, params });
  }

  /** Every scope the server's tools and resources declare. */
  declaredScopes(): readonly string[] {
    return this.catalogServer ? declaredScopes(this.catalogServer) : [];
  }

  /** Makes a server instance and starts its client's handshake. */
  private open(
    identity: ClientIdentity,
    events: ConnectionEvents,
    caller?: () => AuthInfo | undefined,
  ): { server: Server; connected: Promise<Client> } {
    const factory = this.factory;
    if (!factory) throw new Error(`builtin "${this.name}" is not open`);
    const server = factory.createServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    this.liveInstances++;
    const previous = server.onclose;
    server.onclose = () => {
      this.liveInstances--;
      previous?.();
    };
    const connected = server.connect(serverSide).then(() => {
      if (caller) passCallerIdentity(serverSide, caller);
      return connectUpstreamClient(clientSide, identity, events, this.entry.startupTimeoutMs);
    });
    return { server, connected };
  }

  link(peer: SessionPeer): UpstreamLink {
    const { server, connected: connecting } = this.open(
      { clientInfo: peer.clientInfo, capabilities: peer.clientCapabilities },
      {
        notification: (notification) => peer.fromUpstream(this, notification),
        request: (request, signal) => peer.upstreamRequest(this, request, signal),
        closed: () => {},
      },
      () => peer.callerAuthInfo(),
    );
    connecting.catch(() => {});
    let client: Client | undefined;
    const direct = directToolCall(server);
    return {
      shared: false,
      ...(direct ? { callToolDirect: direct } : {}),
      request: async (request: Request, options: RequestOptions): Promise<Result> => {
        client ??= await connecting;
        return client.request(request, PASSTHROUGH_RESULT, options);
      },
      notify: async (notification: Notification) => {
        client ??= await connecting;
        await client.notification(notification);
      },
      close: async () => {
        const connected = await connecting.catch(() => undefined);
        await connected?.close();
      },
    };
  }

  async close(): Promise<void> {
    this.stopRestarts();
    await this.catalogClient?.close();
    this.factory?.close();
  }
}

/**
 * Hands the downstream caller's `authInfo` to every message the in-process server receives,
 * as the kit's HTTP layer does for a server of its own: the builtin learns who calls in
 * process, and no token travels anywhere.
 */
function passCallerIdentity(
  transport: InMemoryTransport,
  caller: () => AuthInfo | undefined,
): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const authInfo = caller();
    deliver(message, authInfo ? { ...extra, authInfo } : extra);
  };
}
