import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { admitSubscription } from "./request-params.js";

/**
 * Decides whether the session behind one server may hear that `uri` changed. `audience` is
 * what the announcer said about who may see the change (opaque to the hub), or `undefined`
 * when it said nothing. A rejected promise counts as "no".
 */
export type UpdateFilter = (
  uri: string,
  audience: string | undefined,
) => boolean | Promise<boolean>;

/**
 * Connects the server instances of one process (one per session in HTTP) so that a change made
 * through one session reaches every session subscribed to the changed URI, and only those. A
 * server may restrict what it hears with a filter (e.g. to what its caller may read).
 */
export class ResourceHub {
  private readonly subscribers = new Map<string, Set<Server>>();
  /** The URIs each server is subscribed to: the other side of {@link subscribers}. */
  private readonly subscriptions = new Map<Server, Set<string>>();
  private readonly servers = new Set<Server>();
  private readonly filters = new Map<Server, UpdateFilter>();
  /** The last filtered delivery queued for each server: its updates go out in announcement order. */
  private readonly deliveries = new Map<Server, Promise<void>>();

  /** Registers a server instance, for list-changed notifications. */
  attach(server: Server): void {
    this.servers.add(server);
  }

  /** Forgets a server instance and all its subscriptions (its session closed). */
  detach(server: Server): void {
    this.servers.delete(server);
    this.filters.delete(server);
    this.deliveries.delete(server);
    for (const uri of this.subscriptions.get(server) ?? []) this.unsubscribe(uri, server);
  }

  /**
   * Makes the session behind `server` hear of a subscribed URI's change only when `filter`
   * admits it; replaces an earlier filter.
   */
  restrict(server: Server, filter: UpdateFilter): void {
    this.filters.set(server, filter);
  }

  /**
   * Records that the session behind `server` wants updates of `uri`.
   *
   * @throws ProtocolError when the session already holds as many subscriptions as one may
   */
  subscribe(uri: string, server: Server): void {
    let held = this.subscriptions.get(server);
    admitSubscription(held ?? new Set(), uri);
    if (!held) {
      held = new Set();
      this.subscriptions.set(server, held);
    }
    held.add(uri);
    let set = this.subscribers.get(uri);
    if (!set) {
      set = new Set();
      this.subscribers.set(uri, set);
    }
    set.add(server);
  }

  /** Ends a subscription; unknown subscriptions are ignored. */
  unsubscribe(uri: string, server: Server): void {
    const held = this.subscriptions.get(server);
    held?.delete(uri);
    if (held?.size === 0) this.subscriptions.delete(server);
    const set = this.subscribers.get(uri);
    if (!set) return;
    set.delete(server);
    if (set.size === 0) this.subscribers.delete(uri);
  }

  /** Every URI some session is subscribed to now. */
  subscribedUris(): string[] {
    return [...this.subscribers.keys()];
  }

  /**
   * Sends `notifications/resources/updated` to the sessions subscribed to `uri` whose filter,
   * if any, admits the change.
   *
   * @param uri - the changed resource
   * @param audience - who may see the change, handed to each session's filter
   */
  updated(uri: string, audience?: string): void {
    for (const server of this.subscribers.get(uri) ?? []) {
      const filter = this.filters.get(server);
      if (filter) this.deliverFiltered(server, filter, uri, audience);
      else this.send(server, uri);
    }
  }

  /** Sends `notifications/resources/list_changed` to every attached session. */
  listChanged(): void {
    for (const server of this.servers) {
      server.sendResourceListChanged().catch(() => this.detach(server));
    }
  }

  private send(server: Server, uri: string): void {
    server.sendResourceUpdated({ uri }).catch(() => this.detach(server));
  }

  /** Asks the filter, after the server's earlier deliveries, so that order is kept. */
  private deliverFiltered(
    server: Server,
    filter: UpdateFilter,
    uri: string,
    audience: string | undefined,
  ): void {
    const previous = this.deliveries.get(server) ?? Promise.resolve();
    const delivery = previous
      .then(() => filter(uri, audience))
      .then(
        (admitted) => {
          if (admitted && this.servers.has(server)) this.send(server, uri);
        },
        () => undefined,
      );
    this.deliveries.set(server, delivery);
    delivery.then(() => {
      if (this.deliveries.get(server) === delivery) this.deliveries.delete(server);
    });
  }
}
