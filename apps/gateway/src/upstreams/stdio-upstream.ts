import type {
  Client,
  JSONRPCNotification,
  Notification,
  Request,
  RequestOptions,
  Result,
  Tool,
} from "@modelcontextprotocol/client";
import type { StdioEntry } from "../config/types.js";
import { GATEWAY_PROFILE } from "../session/client-profile.js";
import { ChildStdioTransport } from "./child-stdio-transport.js";
import { type SessionPeer, Upstream, type UpstreamLink } from "./upstream.js";
import {
  type ClientIdentity,
  type ConnectionEvents,
  clientSource,
  connectUpstreamClient,
  listTools,
  listUpstream,
  PASSTHROUGH_RESULT,
  type UpstreamListing,
} from "./upstream-client.js";
import { describeError, UpstreamFailure } from "./upstream-failure.js";

/** A running child and the client speaking to it. */
interface ChildConnection {
  client: Client;
  transport: ChildStdioTransport;
}

const LIST_CHANGES = new Set([
  "notifications/tools/list_changed",
  "notifications/prompts/list_changed",
]);

/**
 * A child process speaking MCP on stdio: one shared by every session (default), or one per
 * session (`per_session`), plus a catalog child (docs/gateway.md §4.2).
 */
export class StdioUpstream extends Upstream {
  declare readonly entry: StdioEntry;
  private catalog: ChildConnection | undefined;
  private readonly sessionChildren = new Set<ChildConnection>();
  private pending = 0;

  get connections(): number {
    return (this.catalog ? 1 : 0) + this.sessionChildren.size;
  }

  /** Process ids of the running children (for leak checks). */
  get pids(): number[] {
    const all = this.catalog ? [this.catalog, ...this.sessionChildren] : [...this.sessionChildren];
    return all.flatMap((child) => (child.transport.pid === undefined ? [] : [child.transport.pid]));
  }

  protected async openCatalog(): Promise<UpstreamListing> {
    const shared = !this.entry.perSession;
    const connection = await this.spawn(
      { clientInfo: this.host.clientInfo, capabilities: GATEWAY_PROFILE },
      {
        notification: (notification) => this.catalogNotification(notification, shared),
        request: (request, signal) => this.host.unownedRequest(this, request, signal, shared),
        closed: () => {
          if (this.catalog === connection) {
            this.catalog = undefined;
            this.catalogLost(exitMessage(this.name, connection.transport));
          }
        },
      },
    );
    this.catalog = connection;
    try {
      return await listUpstream(clientSource(connection.client), {
        timeout: this.entry.startupTimeoutMs,
      });
    } catch (error) {
      this.catalog = undefined;
      await connection.transport.close();
      throw error;
    }
  }

  private catalogNotification(notification: JSONRPCNotification, shared: boolean): void {
    if (LIST_CHANGES.has(notification.method)) {
      void this.relist();
      return;
    }
    if (shared) this.host.broadcast(this, notification);
  }

  private async relist(): Promise<void> {
    const catalog = this.catalog;
    if (!catalog) return;
    try {
      this.relisted(
        await listUpstream(clientSource(catalog.client), { timeout: this.entry.timeoutMs }),
      );
    } catch (error) {
      this.host.logger.warn(
        `upstream "${this.name}" could not be re-listed: ${describeError(error)}`,
      );
    }
  }

  protected override async probeTools(identity: ClientIdentity): Promise<Tool[]> {
    const probe = await this.spawn(identity, { notification: () => {}, closed: () => {} });
    try {
      return await listTools(clientSource(probe.client), { timeout: this.entry.startupTimeoutMs });
    } finally {
      void probe.transport.close();
    }
  }

  /**
   * The entry's `env`; a trusted server is also told to take each caller from the `_meta`
   * the gateway adds (docs/gateway.md §4.5).
   */
  private childEnvironment(): Readonly<Record<string, string>> {
    if (!this.entry.trusted) return this.entry.env;
    return { ...this.entry.env, MCP_TRUST_GATEWAY_IDENTITY: "1" };
  }

  private async spawn(
    identity: ClientIdentity,
    events: ConnectionEvents,
  ): Promise<ChildConnection> {
    const transport = new ChildStdioTransport({
      name: this.name,
      command: this.entry.command,
      args: this.entry.args,
      env: this.childEnvironment(),
      cwd: this.entry.cwd,
      maxLineBytes: this.entry.maxLineBytes,
      logger: this.host.logger,
    });
    try {
      const client = await connectUpstreamClient(
        transport,
        identity,
        events,
        this.entry.startupTimeoutMs,
      );
      return { client, transport };
    } catch (error) {
      await transport.close();
      const last = transport.stderr.last;
      const reason = describeError(error);
      throw new Error(last ? `${reason}; last stderr line: ${last}` : reason);
    }
  }

  link(peer: SessionPeer): UpstreamLink {
    return this.entry.perSession ? this.perSessionLink(peer) : this.sharedLink();
  }

  private sharedLink(): UpstreamLink {
    return {
      shared: true,
      request: async (request, options) => {
        await this.whenReady();
        const connection = this.catalog;
        if (!connection) throw this.unavailable();
        return this.send(connection, request, options);
      },
      notify: async (notification) => {
        await this.catalog?.client.notification(notification).catch(() => {});
      },
      close: async () => {},
    };
  }

  private perSessionLink(peer: SessionPeer): UpstreamLink {
    let connecting: Promise<ChildConnection> | undefined;
    let closed = false;
    const connect = (): Promise<ChildConnection> => {
      if (connecting) return connecting;
      if (this.sessionChildren.size + this.pending >= this.entry.maxSessions) {
        return Promise.reject(
          new UpstreamFailure(
            this.name,
            "capacity",
            `Upstream "${this.name}" already runs ${this.entry.maxSessions} per-session processes (max_sessions); retry later.`,
          ),
        );
      }
      this.pending++;
      const attempt = this.spawn(
        { clientInfo: peer.clientInfo, capabilities: peer.clientCapabilities },
        {
          notification: (notification) => peer.fromUpstream(this, notification),
          request: (request, signal) => peer.upstreamRequest(this, request, signal),
          closed: () => {
            void attempt.then((connection) => this.sessionChildren.delete(connection));
            connecting = undefined;
          },
        },
      ).then(
        (connection) => {
          this.pending--;
          if (closed) void connection.transport.close();
          else this.sessionChildren.add(connection);
          return connection;
        },
        (error: unknown) => {
          this.pending--;
          connecting = undefined;
          throw new UpstreamFailure(
            this.name,
            "unavailable",
            `Upstream "${this.name}" is unavailable (${describeError(error)}); its tools fail until it is back. Other tools are unaffected.`,
          );
        },
      );
      connecting = attempt;
      return attempt;
    };
    return {
      shared: false,
      request: async (request: Request, options: RequestOptions): Promise<Result> => {
        await this.whenReady();
        return this.send(await connect(), request, options);
      },
      notify: async (notification: Notification) => {
        const connection = await connecting?.catch(() => undefined);
        await connection?.client.notification(notification).catch(() => {});
      },
      close: async () => {
        closed = true;
        const connection = await connecting?.catch(() => undefined);
        if (!connection) return;
        this.sessionChildren.delete(connection);
        await connection.transport.close();
      },
    };
  }

  private async send(
    connection: ChildConnection,
    request: Request,
    options: RequestOptions,
  ): Promise<Result> {
    try {
      return await connection.client.request(request, PASSTHROUGH_RESULT, options);
    } catch (error) {
      if (connection.transport.exitDescription !== undefined && !options.signal?.aborted) {
        throw new UpstreamFailure(
          this.name,
          "exited",
          exitMessage(this.name, connection.transport),
        );
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    this.stopRestarts();
    const children = this.catalog
      ? [this.catalog, ...this.sessionChildren]
      : [...this.sessionChildren];
    this.catalog = undefined;
    this.sessionChildren.clear();
    await Promise.all(children.map((child) => child.transport.close()));
  }
}

function exitMessage(name: string, transport: ChildStdioTransport): string {
  const how = transport.exitDescription ?? "closed its pipe";
  const notRetried = "The call was not retried because it may have had effects.";
  if (transport.stoppedBecause !== undefined) {
    return `Upstream "${name}" ${transport.stoppedBecause}, so the gateway stopped it (${how}) and restarts it. ${notRetried}`;
  }
  const last = transport.stderr.last;
  return `Upstream "${name}" exited (${how})${last ? `; last stderr line: ${last}` : ""}. ${notRetried}`;
}
