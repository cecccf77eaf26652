import type postgres from "postgres";
import type { ExternalChange } from "../campaign-store.js";
import { CHANGE_CHANNEL, type ChangeNotice, parseNotice } from "./change-notices.js";

/** How a listener reaches the database and reports what it hears. */
export interface ChangeListenerOptions {
  /** The store's origin: notices it published itself are not reported. */
  origin: string;
  /** Opens a client of its own for listening (one connection). */
  connect: () => postgres.Sql;
  /** Publishes a probe notice through the store's pool. */
  publish: (notice: ChangeNotice) => Promise<void>;
  /** Receives other replicas' changes, and `missed` after the listener was cut off. */
  onChange: (change: ExternalChange) => void;
  /** Told why listening stopped and when it will be tried again. */
  onInterrupted: (reason: string, retryInMs: number) => void;
  /** How long the channel may stay quiet before a probe checks that it still hears. */
  probeEveryMs?: number;
  /** How long a probe may take to come back. */
  probeTimeoutMs?: number;
}

const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;

function retryDelay(attempt: number): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/**
 * Listens on the change channel with a client of its own and keeps listening: the driver
 * re-listens by itself after a dropped connection, and a probe sent through the pool whenever
 * the channel has been quiet for a while finds a listener that could not (the server was down),
 * which is then replaced, with back-off between attempts. Whenever listening resumes after an
 * interruption, `missed` is reported, since notices sent meanwhile are lost.
 */
export class ChangeListener {
  private stopped = false;
  private client: postgres.Sql | undefined;
  private heardSince = false;
  private probes = 0;
  private readonly echoes = new Map<number, () => void>();
  private readonly running: Promise<void>;
  private wake: () => void = () => {};

  /**
   * Starts listening in the background.
   *
   * @param options - connection, publishing and reporting
   */
  constructor(private readonly options: ChangeListenerOptions) {
    this.running = this.run();
  }

  /** Stops listening and closes the listening client. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.client?.end({ timeout: 0 }).catch(() => undefined);
    await this.running;
  }

  private async run(): Promise<void> {
    let attempt = 0;
    let interrupted = false;
    while (!this.stopped) {
      const client = this.options.connect();
      this.client = client;
      try {
        await this.listen(client, interrupted);
        attempt = 0;
        await this.whileHearing();
        if (!this.stopped) this.interrupt("the channel stopped answering probes", attempt);
      } catch (error) {
        if (!this.stopped) this.interrupt(String((error as Error).message ?? error), attempt);
      }
      interrupted = true;
      this.client = undefined;
      await client.end({ timeout: 0 }).catch(() => undefined);
      if (!this.stopped) await this.pause(retryDelay(attempt++));
    }
  }

  private interrupt(reason: string, attempt: number): void {
    this.options.onInterrupted(reason, retryDelay(attempt));
  }

  private async listen(client: postgres.Sql, afterInterruption: boolean): Promise<void> {
    let listening = false;
    await client.listen(
      CHANGE_CHANNEL,
      (payload) => this.receive(payload),
      () => {
        // Called again when the driver re-listened on a new connection by itself.
        if (listening) this.options.onChange({ kind: "missed" });
        listening = true;
      },
    );
    if (afterInterruption) this.options.onChange({ kind: "missed" });
  }

  private receive(payload: string): void {
    this.heardSince = true;
    const notice = parseNotice(payload);
    if (!notice) return;
    const own = notice.origin === this.options.origin;
    if ("probe" in notice) {
      if (own) this.echoes.get(notice.probe)?.();
    } else if (!own) {
      this.options.onChange({ kind: "changed", uris: notice.uris });
    }
  }

  /** Resolves when a probe went unanswered or the listener is stopping. */
  private async whileHearing(): Promise<void> {
    const every = this.options.probeEveryMs ?? 1_000;
    while (!this.stopped) {
      this.heardSince = false;
      await this.pause(every);
      if (this.stopped || this.heardSince) continue;
      if (!(await this.probe())) return;
    }
  }

  private async probe(): Promise<boolean> {
    const probe = ++this.probes;
    const echoed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.options.probeTimeoutMs ?? 2_000);
      timer.unref();
      this.echoes.set(probe, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      await this.options.publish({ origin: this.options.origin, probe });
      return await echoed;
    } catch {
      return false;
    } finally {
      this.echoes.delete(probe);
    }
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
