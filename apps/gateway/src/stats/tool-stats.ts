const RING_SIZE = 100;

/** A snapshot of one tool's latency statistics (docs/gateway.md §11). */
export interface ToolStatsSnapshot {
  samples: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  error_rate: number | null;
  calls_total: number;
  errors_total: number;
  cancelled_total: number;
}

/**
 * The last 100 completed calls of one exposed tool. Recording is O(1); percentiles are
 * computed only when read.
 */
export class ToolStats {
  private readonly latencies = new Float64Array(RING_SIZE);
  private readonly failed = new Uint8Array(RING_SIZE);
  private next = 0;
  private size = 0;
  callsTotal = 0;
  errorsTotal = 0;
  cancelledTotal = 0;

  /** Records a completed call: its latency in ms and whether it was an error. */
  record(latencyMs: number, isError: boolean): void {
    this.latencies[this.next] = Math.round(latencyMs * 10) / 10;
    this.failed[this.next] = isError ? 1 : 0;
    this.next = (this.next + 1) % RING_SIZE;
    if (this.size < RING_SIZE) this.size++;
    this.callsTotal++;
    if (isError) this.errorsTotal++;
  }

  /** Records a call the client cancelled (kept out of the ring). */
  cancelled(): void {
    this.cancelledTotal++;
  }

  /** Samples in the ring. */
  get samples(): number {
    return this.size;
  }

  /** Nearest-rank percentile over the ring, or `null` without samples. */
  percentile(percent: number): number | null {
    if (this.size === 0) return null;
    const sorted = this.latencies.slice(0, this.size).sort();
    return sorted[Math.ceil((percent / 100) * this.size) - 1] ?? null;
  }

  /** Errors in the ring / samples in the ring, to 4 decimals; `null` without samples. */
  errorRate(): number | null {
    if (this.size === 0) return null;
    let errors = 0;
    for (let index = 0; index < this.size; index++) errors += this.failed[index] ?? 0;
    return Math.round((errors / this.size) * 10_000) / 10_000;
  }

  /** Everything at once. */
  snapshot(): ToolStatsSnapshot {
    return {
      samples: this.size,
      p50_ms: this.percentile(50),
      p95_ms: this.percentile(95),
      p99_ms: this.percentile(99),
      error_rate: this.errorRate(),
      calls_total: this.callsTotal,
      errors_total: this.errorsTotal,
      cancelled_total: this.cancelledTotal,
    };
  }
}
