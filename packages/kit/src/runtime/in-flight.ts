/**
 * Counts requests that arrived and have not been answered, across every session of the
 * process, so that shutdown can let them finish.
 */
export class InFlightRequests {
  private count = 0;
  private waiters: Array<() => void> = [];

  begin(): void {
    this.count++;
  }

  end(): void {
    if (this.count === 0) return;
    this.count--;
    if (this.count === 0) {
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    }
  }

  get size(): number {
    return this.count;
  }

  /** Resolves when nothing is in flight, or after `timeoutMs`, whichever is first. */
  idle(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
