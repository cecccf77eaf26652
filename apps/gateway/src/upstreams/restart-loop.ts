const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
const JITTER = 0.2;
/** After this long connected, a failure starts the schedule from the beginning again. */
export const HEALTHY_RESET_MS = 60_000;

/** Test hooks of the restart schedule. */
export interface RestartOptions {
  /** A number in [0, 1); 0.5 means no jitter. */
  random?: () => number;
  now?: () => number;
}

/**
 * Reconnects an upstream after failures with the delays of docs/gateway.md §9.1: 0.5 s, 1 s,
 * 2 s, 4 s … doubling, capped at 30 s, ±20 % jitter, forever; the count resets after 60 s of
 * health.
 */
export class RestartLoop {
  /** Failed attempts since the last healthy period. */
  failures = 0;
  /** When the next attempt is due (epoch ms), while one is scheduled. */
  nextAttemptAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private connectedAt: number | undefined;
  private stopped = false;
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(
    private readonly attempt: () => Promise<void>,
    private readonly onAttemptFailed: (error: unknown, failures: number) => void,
    options: RestartOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** The delay before retry number `failures` (1-based), without jitter. */
  static baseDelay(failures: number): number {
    return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
  }

  /** Tries to connect now; on failure keeps retrying on the schedule. Never throws. */
  async run(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await this.attempt();
      this.connectedAt = this.now();
      return true;
    } catch (error) {
      this.failures++;
      this.onAttemptFailed(error, this.failures);
      this.schedule();
      return false;
    }
  }

  /** The connection was lost: retry on the schedule (from the start if it had been healthy). */
  lost(): void {
    if (this.stopped || this.timer !== undefined) return;
    if (this.connectedAt !== undefined && this.now() - this.connectedAt >= HEALTHY_RESET_MS) {
      this.failures = 0;
    }
    this.connectedAt = undefined;
    this.failures++;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    const jitter = 1 + (this.random() * 2 - 1) * JITTER;
    const delay = Math.round(RestartLoop.baseDelay(this.failures) * jitter);
    this.nextAttemptAt = this.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.nextAttemptAt = undefined;
      void this.run();
    }, delay);
    this.timer.unref?.();
  }

  /** Stops retrying. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.nextAttemptAt = undefined;
  }
}
