import type { Client } from "pg";
import type { ExternalChange } from "../campaign-store.js";
import { CHANGE_CHANNEL, parseNotice } from "./change-notices.js";
import { retryDelay } from "./retry-delay.js";

/** How a listener reaches the database and reports what it hears. */
export interface ChangeListenerOptions {
  /** The store's origin: notices it published itself are not reported. */
  origin: string;
  /** Makes a new, unconnected client for listening. */
  connect: () => Client;
  /**
   * Receives other replicas' changes, and `missed` each time listening starts, the first time
   * included, since changes committed before it were not heard.
   */
  onChange: (change: ExternalChange) => void;
  /** Told why listening stopped and when it will be tried again. */
  onInterrupted: (reason: string, retryInMs: number) => void;
}

/** How often the listening connection is checked. */
const CHECK_EVERY_MS = 2_000;

/**
 * Listens on the change channel with a connection of its own and keeps listening: when the
 * connection is lost (the server restarted, the backend was terminated, a check of the
 * connection failed) a new one is made, with back-off between attempts, and `missed` is
 * reported once listening resumes, since notices sent meanwhile are lost. The first
 * connection is treated like a reconnect: whatever was committed before this listener heard
 * anything (while it connected, or while its first attempts failed and the store already
 * served) is reported as `missed` too, so no window is left where a change goes unheard.
 */
export class ChangeListener {
  private stopped = false;
  /** The connected client, once it is connected (ending a client mid-connect never settles). */
  private client: Client | undefined;
  private readonly running: Promise<void>;
  private started: () => void = () => {};
  /** Settles once the first attempt to listen has succeeded or failed. */
  readonly firstAttempt = new Promise<void>((resolve) => {
    this.started = resolve;
  });
  private wake: () => void = () => {};

  /**
   * Starts listening in the background.
   *
   * @param options - connection and reporting
   */
  constructor(private readonly options: ChangeListenerOptions) {
    this.running = this.run();
  }

  /** Stops listening and closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
  }

  private async run(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      const client = this.options.connect();
      const lost = new Promise<string>((resolve) => {
        client.on("error", (error) => resolve(error.message));
        client.on("end", () => resolve("the connection ended"));
      });
      client.on("notification", (message) => this.receive(message.payload ?? ""));
      try {
        await client.connect();
        this.client = client;
        if (this.stopped) break;
        await client.query(`LISTEN ${CHANGE_CHANNEL}`);
        this.started();
        this.options.onChange({ kind: "missed" });
        attempt = 0;
        const reason = await Promise.race([lost, this.whileHealthy(client)]);
        if (!this.stopped) this.options.onInterrupted(reason, retryDelay(attempt));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!this.stopped) this.options.onInterrupted(reason, retryDelay(attempt));
      }
      this.started();
      await this.disconnect();
      if (!this.stopped) await this.pause(retryDelay(attempt++));
    }
    await this.disconnect();
  }

  /** Ends the connected client, if any: a client whose connecting failed has nothing to end. */
  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private receive(payload: string): void {
    const notice = parseNotice(payload);
    if (notice && notice.origin !== this.options.origin) {
      this.options.onChange({ kind: "changed", uris: notice.uris, audience: notice.audience });
    }
  }

  /** Checks the connection every few seconds; resolves with a reason when a check fails. */
  private async whileHealthy(client: Client): Promise<string> {
    while (!this.stopped) {
      await this.pause(CHECK_EVERY_MS);
      // A connection that was lost meanwhile is no longer this listener's.
      if (this.stopped || this.client !== client) break;
      try {
        await client.query("SELECT 1");
      } catch (error) {
        return `a check of the connection failed: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    return "stopping";
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
