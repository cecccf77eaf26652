import { randomInt } from "node:crypto";
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
   * Receives other replicas' changes, and `missed` after the listener was cut off or another
   * replica went away (it may have committed writes it had not yet announced).
   */
  onChange: (change: ExternalChange) => void;
  /** Told why listening stopped and when it will be tried again. */
  onInterrupted: (reason: string, retryInMs: number) => void;
}

/** How often the listening connection is checked and the other replicas counted. */
const CHECK_EVERY_MS = 2_000;

/**
 * Every listening connection holds a session advisory lock (class, key) for as long as it
 * lives: the replicas find each other in `pg_locks`, and a lock that disappears is a replica
 * that went away. The class is the bytes of "tabl" read as an integer.
 */
const PRESENCE_LOCK_CLASS = 1_952_539_244;
const STATEMENTS = {
  announce: "SELECT pg_try_advisory_lock($1::integer, $2::integer)",
  present: `SELECT objid::bigint AS key FROM pg_locks
    WHERE locktype = 'advisory' AND classid = $1::oid AND objsubid = 2 AND granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
};

/**
 * Listens on the change channel with a connection of its own and keeps listening: when the
 * connection is lost (the server restarted, the backend was terminated, a check of the
 * connection failed) a new one is made, with back-off between attempts, and `missed` is
 * reported once listening resumes, since notices sent meanwhile are lost. Replicas announce
 * their writes just after committing them, so one that is killed in between leaves a change
 * unannounced: the listener also reports `missed` when another replica's listening connection
 * disappears.
 */
export class ChangeListener {
  private stopped = false;
  /** The connected client, once it is connected (ending a client mid-connect never settles). */
  private client: Client | undefined;
  /** This listener's presence key, the same across reconnections. */
  private readonly key = randomInt(1, 2 ** 31 - 1);
  private readonly running: Promise<void>;
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
    let interrupted = false;
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
        await client.query({ text: STATEMENTS.announce, values: [PRESENCE_LOCK_CLASS, this.key] });
        const present = await this.presentKeys(client);
        if (interrupted) this.options.onChange({ kind: "missed" });
        attempt = 0;
        const reason = await Promise.race([lost, this.whileHealthy(client, present)]);
        if (!this.stopped) this.options.onInterrupted(reason, retryDelay(attempt));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (!this.stopped) this.options.onInterrupted(reason, retryDelay(attempt));
      }
      interrupted = true;
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

  /** The presence keys of every replica listening now, this one's included. */
  private async presentKeys(client: Client): Promise<Set<string>> {
    const { rows } = await client.query<{ key: string }>({
      text: STATEMENTS.present,
      values: [PRESENCE_LOCK_CLASS],
    });
    return new Set(rows.map((row) => row.key));
  }

  /**
   * Checks the connection every few seconds, reporting `missed` when a replica that was
   * listening is gone; resolves with a reason when a check fails.
   */
  private async whileHealthy(client: Client, present: Set<string>): Promise<string> {
    let known = present;
    while (!this.stopped) {
      await this.pause(CHECK_EVERY_MS);
      // A connection that was lost meanwhile is no longer this listener's.
      if (this.stopped || this.client !== client) break;
      let now: Set<string>;
      try {
        now = await this.presentKeys(client);
      } catch (error) {
        return `a check of the connection failed: ${error instanceof Error ? error.message : String(error)}`;
      }
      if ([...known].some((key) => !now.has(key))) this.options.onChange({ kind: "missed" });
      known = now;
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
