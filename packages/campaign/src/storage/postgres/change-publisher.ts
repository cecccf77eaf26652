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
 * gather (each once) and leave together in the next, so the database sees one short notifying
 * transaction at a time per replica. A write that rolls back hands nothing over.
 */
export class ChangePublisher {
  private readonly pending = new Set<string>();
  private flushing: Promise<void> | undefined;
  private closing = false;
  private wake: () => void = () => {};

  /** @param options - where to send and whom to tell about failures */
  constructor(private readonly options: ChangePublisherOptions) {}

  /**
   * Queues the URIs of a committed write and starts sending unless a notice is on its way.
   *
   * @param uris - the URIs the write changed
   */
  publish(uris: readonly string[]): void {
    if (uris.length === 0) return;
    for (const uri of uris) this.pending.add(uri);
    this.flushing ??= this.flush();
  }

  /** Sends what is queued (one last attempt if the database is away), then stops. */
  async close(): Promise<void> {
    this.closing = true;
    this.wake();
    await this.flushing;
  }

  private async flush(): Promise<void> {
    let attempt = 0;
    while (this.pending.size > 0) {
      const uris = [...this.pending];
      this.pending.clear();
      try {
        await this.options.send(changePayloads(this.options.origin, uris));
        attempt = 0;
      } catch (error) {
        // Closing with the database away: the other replicas lost their listening connections
        // too, and announce every subscription once they are back.
        if (this.closing) break;
        for (const uri of uris) this.pending.add(uri);
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
