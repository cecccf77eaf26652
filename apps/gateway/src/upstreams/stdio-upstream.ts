import type {
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
  type ConnectionPlan,
  connectUpstreamClient,
  type EraPlan,
  failedNegotiation,
  listTools,
  listUpstream,
  type UpstreamListing,
} from "./upstream-client.js";
import type { ListenOptions, UpstreamConnection } from "./upstream-connection.js";
import { describeError, UpstreamFailure } from "./upstream-failure.js";

/** A running child and the client speaking to it. */
interface ChildConnection {
  connection: UpstreamConnection;
  transport: ChildStdioTransport;
}

/** How a child is spoken to in the 2025 revisions, without a probe. */
const LEGACY_VERDICT: EraPlan = { prior: { kind: "legacy" } };

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
    let connection = await this.spawnCatalog(this.probePlan());
    if (connection.connection.modern) connection = await this.preferLegacy(connection);
    this.catalog = connection;
    this.probed(connection.connection);
    try {
      await connection.connection.start();
      return await listUpstream(connection.connection, {
        timeout: this.entry.startupTimeoutMs,
      });
    } catch (error) {
      this.catalog = undefined;
      await connection.transport.close();
      throw error;
    }
  }

  /**
   * A child that answered the probe for 2026-07-28 is pinned to that era; whether the upstream
   * also takes the 2025 revisions is asked of a second child, which replaces the first when it
   * does (docs/gateway.md §4.6).
   */
  private async preferLegacy(modern: ChildConnection): Promise<ChildConnection> {
    let legacy: ChildConnection;
    try {
      legacy = await this.spawnCatalog(LEGACY_VERDICT);
    } catch {
      return modern;
    }
    await modern.transport.close();
    return legacy;
  }

  /** Starts the catalog child: the shared connection, unless each session has its own. */
  private async spawnCatalog(era: EraPlan): Promise<ChildConnection> {
    const shared = !this.entry.perSession;
    const connection: ChildConnection = await this.spawn(
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
      era,
      { listChanges: true },
    );
    return connection;
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
      this.relisted(await listUpstream(catalog.connection, { timeout: this.entry.timeoutMs }));
    } catch (error) {
      this.host.logger.warn(
        `upstream "${this.name}" could not be re-listed: ${describeError(error)}`,
      );
    }
  }

  protected override async probeTools(identity: ClientIdentity): Promise<Tool[]> {
    const events = { notification: () => {}, closed: () => {} };
    const probe = await this.spawn(identity, events, this.eraPlan());
    try {
      return await listTools(probe.connection, { timeout: this.entry.startupTimeoutMs });
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

  /**
   * Starts a child and connects to it in the era `era` finds. A child that exits on the
   * `server/discover` probe is a 2025 server that takes nothing before `initialize`: a second
   * child is started and spoken to in the 2025 revisions (docs/gateway.md §4.6).
   */
  private async spawn(
    identity: ClientIdentity,
    events: ConnectionEvents,
    era: EraPlan,
    listen?: ListenOptions,
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
    const plan: ConnectionPlan = { era, timeoutMs: this.entry.startupTimeoutMs };
    if (listen) plan.listen = listen;
    try {
      const connection = await connectUpstreamClient(transport, identity, events, plan);
      return { connection, transport };
    } catch (error) {
      await transport.close();
      const exited = transport.exitDescription;
      if ("probeTimeoutMs" in era && exited !== undefined && failedNegotiation(error)) {
        this.host.logger.info(
          `upstream "${this.name}" exited during the server/discover probe (${exited}); starting it again as a 2025 server`,
        );
        return this.spawn(identity, events, LEGACY_VERDICT, listen);
      }
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
        await this.catalog?.connection.notification(notification).catch(() => {});
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
        this.eraPlan(),
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
        await connection?.connection.notification(notification).catch(() => {});
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
      return await connection.connection.request(request, options);
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
