/** Time source and timer of a limiter; tests pass fake ones. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. */
export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What `schedule` decided for one call. */
export type ScheduleDecision =
  | { kind: "run" }
  | { kind: "wait"; ticket: number }
  | { kind: "rejected"; retryAfterMs: number };

interface Waiter {
  ticket: number;
  startAt: number;
  handle: unknown;
  start: () => void;
}

/**
 * Spaces one client's calls by at least `spacingMs` (docs/contract.md §7.5): a call arriving at `now`
 * starts at `max(now, nextStart)`, calls run in arrival order, at most `maxWaiting` wait, and a
 * call past that is rejected with the time until the earliest waiter starts.
 */
export class SpacingLimiter {
  private nextStart = Number.NEGATIVE_INFINITY;
  private readonly waiting = new Map<number, Waiter>();
  private nextTicket = 1;

  constructor(
    readonly spacingMs: number,
    readonly maxWaiting = 32,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * Schedules a call. `start` runs now (decision `run`, and `start` is not called) or later
   * (decision `wait`, `start` called when due), unless the queue is full (`rejected`).
   */
  schedule(start: () => void): ScheduleDecision {
    const now = this.clock.now();
    const startAt = Math.max(now, this.nextStart);
    if (startAt <= now) {
      this.nextStart = now + this.spacingMs;
      return { kind: "run" };
    }
    if (this.waiting.size >= this.maxWaiting) {
      return { kind: "rejected", retryAfterMs: this.retryAfter(now) };
    }
    this.nextStart = startAt + this.spacingMs;
    const ticket = this.nextTicket++;
    const waiter: Waiter = { ticket, startAt, start, handle: undefined };
    waiter.handle = this.clock.setTimeout(() => {
      this.waiting.delete(ticket);
      start();
    }, startAt - now);
    this.waiting.set(ticket, waiter);
    return { kind: "wait", ticket };
  }

  /** Removes a waiting call (cancelled); its slot in the schedule is not given back. */
  cancel(ticket: number): boolean {
    const waiter = this.waiting.get(ticket);
    if (!waiter) return false;
    this.clock.clearTimeout(waiter.handle);
    this.waiting.delete(ticket);
    return true;
  }

  /** Drops every waiting call (the session closed). */
  clear(): void {
    for (const waiter of this.waiting.values()) this.clock.clearTimeout(waiter.handle);
    this.waiting.clear();
  }

  /** How many calls are waiting. */
  get waitingCount(): number {
    return this.waiting.size;
  }

  private retryAfter(now: number): number {
    let earliest = Number.POSITIVE_INFINITY;
    for (const waiter of this.waiting.values()) earliest = Math.min(earliest, waiter.startAt);
    return Math.max(1, Math.ceil(earliest - now));
  }
}
