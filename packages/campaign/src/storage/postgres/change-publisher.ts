import type { ChangeAudience } from "../campaign-store.js";
import { changePayloads } from "./change-notices.js";
import { retryDelay } from "./retry-delay.js";

/** Where a publisher sends notices and reports trouble. */
export interface ChangePublisherOptions {
  /** The store's origin, named in every notice so that it can ignore its own. */
  origin: string;
  /** Sends these payloads on the change channel, together. */
  send: (payloads: readonly string[]) => Promise<void>;
  /** Told why sending failed and when it will be tried again. */
  onFailed: (reason: string, retryInMs: number) => void;
}

/**
 * Announces the URIs that committed writes changed to the other replicas, once the writes have
 * committed. PostgreSQL serialises the commits of every transaction that notifies, across the
 * whole database and until each commit is on disk; a write that notified inside its own
 * transaction therefore waited for every other replica's writes too. Here a write only hands
 * its URIs over: while one notice is on its way, the URIs of the writes that commit meanwhile
 * gather (each once per audience) and leave together in the next, so the database sees one
 * short notifying transaction at a time per replica. URIs with different audiences travel in
 * different notices, so that nobody hears of a change meant for others. A write that rolls
 * back hands nothing over.
 */
export class ChangePublisher {
  /** Queued URIs by audience (keyed by its JSON; `null` for writes that named none). */
  private readonly pending = new Map<string, { audience?: ChangeAudience; uris: Set<string> }>();
  private flushing: Promise<void> | undefined;
  private closing = false;
  private wake: () => void = () => {};

  /** @param options - where to send and whom to tell about failures */
  constructor(private readonly options: ChangePublisherOptions) {}

  /**
   * Queues the URIs of a committed write and starts sending unless a notice is on its way.
   *
   * @param uris - the URIs the write changed
   * @param audience - who may hear of them, if the write said
   */
  publish(uris: readonly string[], audience?: ChangeAudience): void {
    if (uris.length === 0) return;
    this.queue(uris, audience);
    this.flushing ??= this.flush();
  }

  /** Sends what is queued (one last attempt if the database is away), then stops. */
  async close(): Promise<void> {
    this.closing = true;
    this.wake();
    await this.flushing;
  }

  private queue(uris: Iterable<string>, audience: ChangeAudience | undefined): void {
    const key = JSON.stringify(audience ?? null);
    let group = this.pending.get(key);
    if (!group) {
      group = audience === undefined ? { uris: new Set() } : { audience, uris: new Set() };
      this.pending.set(key, group);
    }
    for (const uri of uris) group.uris.add(uri);
  }

  private async flush(): Promise<void> {
    let attempt = 0;
    while (this.pending.size > 0) {
      const groups = [...this.pending.values()];
      this.pending.clear();
      const payloads = groups.flatMap(({ audience, uris }) =>
        changePayloads(this.options.origin, [...uris], audience),
      );
      try {
        await this.options.send(payloads);
        attempt = 0;
      } catch (error) {
        // Closing with the database away: the other replicas lost their listening connections
        // too, and announce every subscription once they are back.
        if (this.closing) break;
        for (const { audience, uris } of groups) this.queue(uris, audience);
        const delay = retryDelay(attempt++);
        this.options.onFailed(error instanceof Error ? error.message : String(error), delay);
        await this.pause(delay);
      }
    }
    this.flushing = undefined;
  }

  private pause(milliseconds: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, milliseconds);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
