import type { AuthInfo, Server } from "@modelcontextprotocol/server";
import { FORWARDED_META_KEYS } from "./auth/forwarded-identity.js";
import { admitSubscription } from "./request-params.js";
import { SubjectSubscriptions } from "./subject-subscriptions.js";

/**
 * Decides whether the session behind one server may hear that `uri` changed. `audience` is
 * what the announcer said about who may see the change (opaque to the hub), or `undefined`
 * when it said nothing. `subject` is the caller asked about when the hub tells a gateway's
 * callers apart ({@link ResourceHubOptions.forwardedSubjects}); otherwise it is `undefined` and
 * the filter judges the session's own caller. A rejected promise counts as "no".
 */
export type UpdateFilter = (
  uri: string,
  audience: string | undefined,
  subject?: string,
) => boolean | Promise<boolean>;

/** How a {@link ResourceHub} tells its subscribers apart. */
/** One caller's modern-era listen streams, as the hub tells them of changes. */
export interface ListenerSink {
  /** The caller, when known; the listener filter decides by it. */
  readonly subject: string | undefined;
  /** The caller's `authInfo`, as the request that opened the first of its streams carried it. */
  readonly authInfo: AuthInfo | undefined;
  /** The query string of the endpoint its streams were opened on (e.g. the gateway's `?tier=`). */
  readonly query: URLSearchParams;
  resourceUpdated(uri: string): void;
  resourcesChanged(): void;
  toolsChanged(): void;
  promptsChanged(): void;
  /** The URIs its open streams listen to, for announcing them all again after missed changes. */
  subscribedUris(): Iterable<string>;
}

/**
 * What feeds a process's modern-era listen streams: its {@link ResourceHub}, or a server that
 * hears its changes elsewhere (the gateway, from its upstreams).
 */
export interface ListenerSource {
  /** Starts telling one caller's streams of changes. */
  listen(sink: ListenerSink): ListenerRegistration;
}

/** A listener as its source keeps it. */
export interface ListenerRegistration {
  /** Stops telling it of changes (its last stream closed). */
  stop(): void;
  /**
   * The URIs its streams listen to changed (a stream opened or closed). A stream is
   * acknowledged once this settles, so a source that must subscribe somewhere first can.
   */
  urisChanged?(): void | Promise<void>;
}

export interface ResourceHubOptions {
  /**
   * The process takes its callers from a gateway (`--trust-gateway-identity`), which may
   * subscribe many callers over one connection: subscriptions are kept per caller, and a
   * filtered update goes once to each caller it admits, tagged with
   * `_meta["tabletop/subject"]` (docs/gateway.md §4.5).
   */
  forwardedSubjects?: boolean;
}

/**
 * Connects the server instances of one process (one per session in HTTP) so that a change made
 * through one session reaches every session subscribed to the changed URI, and only those. A
 * server may restrict what it hears with a filter (e.g. to what its caller may read).
 */
export class ResourceHub implements ListenerSource {
  private readonly subscribers = new Map<string, Set<Server>>();
  /** The URIs each server is subscribed to: the other side of {@link subscribers}. */
  private readonly subscriptions = new Map<Server, Set<string>>();
  private readonly servers = new Set<Server>();
  private readonly filters = new Map<Server, UpdateFilter>();
  /** The last filtered delivery queued for each server: its updates go out in announcement order. */
  private readonly deliveries = new Map<Server, Promise<void>>();
  /** With forwarded subjects: the callers behind each server's subscriptions. */
  private readonly subjects: Map<Server, SubjectSubscriptions> | undefined;
  private readonly sinks = new Set<ListenerSink>();
  private listenerFilter: UpdateFilter | undefined;

  constructor(options: ResourceHubOptions = {}) {
    if (options.forwardedSubjects) this.subjects = new Map();
  }

  /** Registers a server instance, for list-changed notifications. */
  attach(server: Server): void {
    this.servers.add(server);
  }

  /** Forgets a server instance and all its subscriptions (its session closed). */
  detach(server: Server): void {
    this.servers.delete(server);
    this.filters.delete(server);
    this.deliveries.delete(server);
    this.subjects?.delete(server);
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
   * Records that the session behind `server` wants updates of `uri`; with forwarded subjects,
   * that its caller `subject` does.
   *
   * @throws ProtocolError when the session already holds as many subscriptions as one may, or
   *   the URI as many callers
   */
  subscribe(uri: string, server: Server, subject?: string): void {
    let held = this.subscriptions.get(server);
    admitSubscription(held ?? new Set(), uri);
    if (this.subjects && subject !== undefined) {
      let callers = this.subjects.get(server);
      if (!callers) {
        callers = new SubjectSubscriptions();
        this.subjects.set(server, callers);
      }
      callers.add(uri, subject);
    }
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

  /**
   * Ends a subscription; unknown subscriptions are ignored. With forwarded subjects and a
   * `subject`, ends that caller's, and the session's only when no caller holds `uri` any more.
   */
  unsubscribe(uri: string, server: Server, subject?: string): void {
    const callers = this.subjects?.get(server);
    if (subject !== undefined && callers?.remove(uri, subject)) return;
    callers?.forget(uri);
    const held = this.subscriptions.get(server);
    held?.delete(uri);
    if (held?.size === 0) this.subscriptions.delete(server);
    const set = this.subscribers.get(uri);
    if (!set) return;
    set.delete(server);
    if (set.size === 0) this.subscribers.delete(uri);
  }

  /** Whether the session behind `server` is subscribed to `uri` (for some caller). */
  holds(uri: string, server: Server): boolean {
    return this.subscriptions.get(server)?.has(uri) === true;
  }

  /** Every URI some session is subscribed to, or some listener listens to, now. */
  subscribedUris(): string[] {
    const uris = new Set(this.subscribers.keys());
    for (const sink of this.sinks) for (const uri of sink.subscribedUris()) uris.add(uri);
    return [...uris];
  }

  /**
   * Adds a modern-era listener (one caller's `subscriptions/listen` streams): it hears list
   * changes, and each update its caller may read (see {@link ResourceHub.restrictListeners}).
   * @returns how to remove it
   */
  listen(sink: ListenerSink): ListenerRegistration {
    this.sinks.add(sink);
    return {
      stop: () => {
        this.sinks.delete(sink);
      },
    };
  }

  /**
   * Sets who may hear an update on a listener, by the listener's caller. Without it, a
   * listener hears only updates sent for every subscriber (no audience).
   */
  restrictListeners(filter: UpdateFilter): void {
    this.listenerFilter = filter;
  }

  /**
   * Sends `notifications/resources/updated` to the sessions subscribed to `uri` whose filter,
   * if any, admits the change. With forwarded subjects, a session with a filter gets one
   * update per subscribed caller the filter admits, tagged with that caller's subject.
   *
   * @param uri - the changed resource
   * @param audience - who may see the change, handed to each session's filter
   */
  updated(uri: string, audience?: string): void {
    for (const sink of this.sinks) this.tellListener(sink, uri, audience);
    for (const server of this.subscribers.get(uri) ?? []) {
      const filter = this.filters.get(server);
      if (filter) this.deliverFiltered(server, filter, uri, audience);
      else this.send(server, uri);
    }
  }

  /** Sends `notifications/resources/list_changed` to every attached session. */
  listChanged(): void {
    for (const sink of this.sinks) sink.resourcesChanged();
    for (const server of this.servers) {
      server.sendResourceListChanged().catch(() => this.detach(server));
    }
  }

  private tellListener(sink: ListenerSink, uri: string, audience: string | undefined): void {
    const filter = this.listenerFilter;
    if (!filter) {
      if (audience === undefined) sink.resourceUpdated(uri);
      return;
    }
    Promise.resolve()
      .then(() => filter(uri, audience, sink.subject))
      .then(
        (admitted) => {
          if (admitted && this.sinks.has(sink)) sink.resourceUpdated(uri);
        },
        () => undefined,
      );
  }

  private send(server: Server, uri: string, subject?: string): void {
    const params =
      subject === undefined ? { uri } : { uri, _meta: { [FORWARDED_META_KEYS.subject]: subject } };
    server.sendResourceUpdated(params).catch(() => this.detach(server));
  }

  /**
   * Asks the filter, after the server's earlier deliveries, so that order is kept: about the
   * session's caller, or about each caller subscribed now when the hub tells them apart.
   */
  private deliverFiltered(
    server: Server,
    filter: UpdateFilter,
    uri: string,
    audience: string | undefined,
  ): void {
    const previous = this.deliveries.get(server) ?? Promise.resolve();
    const callers = this.subjects?.get(server)?.of(uri) ?? [];
    const admit = async (subject?: string) => {
      try {
        return (await filter(uri, audience, subject)) ? [subject] : [];
      } catch {
        return [];
      }
    };
    const delivery = previous
      .then(() => Promise.all(callers.length > 0 ? callers.map(admit) : [admit()]))
      .then(
        (admitted) => {
          if (!this.servers.has(server)) return;
          for (const subject of admitted.flat()) this.send(server, uri, subject);
        },
        () => undefined,
      );
    this.deliveries.set(server, delivery);
    delivery.then(() => {
      if (this.deliveries.get(server) === delivery) this.deliveries.delete(server);
    });
  }
}
