import type { AuthInfo, Implementation, Notification } from "@modelcontextprotocol/server";
import type { ListenerSink } from "@tabletop-mcp/kit";
import type { Tier } from "../config/types.js";
import { describeError } from "../upstreams/upstream-failure.js";
import { DownstreamSession, type SessionHost } from "./downstream-session.js";
import { subscribe, unsubscribe } from "./resource-requests.js";

/**
 * One caller's `subscriptions/listen` streams on one query string (docs/gateway.md §7.5): a
 * session without a client connection of its own. It subscribes, through the same links and
 * shared connections as a 2025 session, to the URIs its streams name, and passes on what the
 * upstreams announce: list changes, and updates of those URIs. Log messages and gateway events
 * are not passed on: a modern client hears them only on the stream of its own request.
 */
export class ListenerSession extends DownstreamSession {
  /** URIs no upstream would take (unknown, or not subscribable): not asked again while named. */
  private readonly refused = new Set<string>();
  private syncing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    host: SessionHost,
    tier: Tier,
    private readonly sink: ListenerSink,
  ) {
    super(host, tier);
  }

  override callerAuthInfo(): AuthInfo | undefined {
    return this.sink.authInfo;
  }

  /** Upstreams learn the gateway's name: a listen stream carries no client information. */
  override get clientInfo(): Implementation {
    return { name: "tabletop-gateway", version: this.host.version };
  }

  override send(notification: Notification): void {
    switch (notification.method) {
      case "notifications/resources/updated": {
        const uri = (notification.params as { uri?: unknown } | undefined)?.uri;
        if (typeof uri === "string") this.sink.resourceUpdated(uri);
        return;
      }
      case "notifications/resources/list_changed":
        this.sink.resourcesChanged();
        return;
      case "notifications/tools/list_changed":
        this.sink.toolsChanged();
        return;
      case "notifications/prompts/list_changed":
        this.sink.promptsChanged();
        return;
      default:
        return;
    }
  }

  /**
   * The streams' URIs changed: subscribes to the new ones and unsubscribes from those no
   * stream names any more, one change at a time.
   * @returns settles once the subscriptions match the streams
   */
  urisChanged(): Promise<void> {
    this.syncing = this.syncing.then(() => this.sync());
    return this.syncing;
  }

  /** The last stream closed: lets a change being made finish, then closes like any session. */
  override async close(): Promise<void> {
    this.stopped = true;
    await this.syncing;
    await super.close();
  }

  private async sync(): Promise<void> {
    const wanted = new Set(this.sink.subscribedUris());
    for (const uri of [...this.subscriptions.keys()]) {
      if (this.stopped) return;
      if (!wanted.has(uri)) await unsubscribe(this, { uri }).catch(() => {});
    }
    for (const uri of this.refused) if (!wanted.has(uri)) this.refused.delete(uri);
    for (const uri of wanted) {
      if (this.stopped) return;
      if (this.subscriptions.has(uri) || this.refused.has(uri)) continue;
      try {
        await subscribe(this, { uri });
      } catch (error) {
        this.refused.add(uri);
        this.host.logger.debug(`listen stream: ${uri} is not subscribed: ${describeError(error)}`);
      }
    }
  }
}
