import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

/**
 * Connects the server instances of one process (one per session in HTTP) so that a change made
 * through one session reaches every session subscribed to the changed URI, and only those.
 */
export class ResourceHub {
  private readonly subscribers = new Map<string, Set<Server>>();
  private readonly servers = new Set<Server>();

  /** Registers a server instance, for list-changed notifications. */
  attach(server: Server): void {
    this.servers.add(server);
  }

  /** Forgets a server instance and all its subscriptions (its session closed). */
  detach(server: Server): void {
    this.servers.delete(server);
    for (const [uri, set] of this.subscribers) {
      set.delete(server);
      if (set.size === 0) this.subscribers.delete(uri);
    }
  }

  /** Records that the session behind `server` wants updates of `uri`. */
  subscribe(uri: string, server: Server): void {
    let set = this.subscribers.get(uri);
    if (!set) {
      set = new Set();
      this.subscribers.set(uri, set);
    }
    set.add(server);
  }

  /** Ends a subscription; unknown subscriptions are ignored. */
  unsubscribe(uri: string, server: Server): void {
    const set = this.subscribers.get(uri);
    if (!set) return;
    set.delete(server);
    if (set.size === 0) this.subscribers.delete(uri);
  }

  /** How many sessions are subscribed to `uri`. */
  subscriberCount(uri: string): number {
    return this.subscribers.get(uri)?.size ?? 0;
  }

  /** Sends `notifications/resources/updated` to the sessions subscribed to `uri`. */
  updated(uri: string): void {
    for (const server of this.subscribers.get(uri) ?? []) {
      server.sendResourceUpdated({ uri }).catch(() => this.detach(server));
    }
  }

  /** Sends `notifications/resources/list_changed` to every attached session. */
  listChanged(): void {
    for (const server of this.servers) {
      server.sendResourceListChanged().catch(() => this.detach(server));
    }
  }
}
