import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToolStats } from "../../src/stats/tool-stats.js";
import { currentTier } from "../../src/tiers/tiers.js";

/** Nearest rank, written out independently of the code under test. */
function nearestRank(values: readonly number[], percent: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((percent / 100) * sorted.length);
  return sorted[rank - 1] as number;
}

const latency = fc.integer({ min: 0, max: 100_000 }).map((tenths) => tenths / 10);

describe("tool statistics", () => {
  it("gives nearest-rank percentiles and the error rate over the last 100 calls", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(latency, fc.boolean()), { maxLength: 250 }), (calls) => {
        const stats = new ToolStats();
        for (const [ms, failed] of calls) stats.record(ms, failed);
        const ring = calls.slice(-100);
        const values = ring.map(([ms]) => ms);
        expect(stats.samples).toBe(ring.length);
        expect(stats.percentile(50)).toBe(nearestRank(values, 50));
        expect(stats.percentile(95)).toBe(nearestRank(values, 95));
        expect(stats.percentile(99)).toBe(nearestRank(values, 99));
        const errors = ring.filter(([, failed]) => failed).length;
        expect(stats.errorRate()).toBe(
          ring.length === 0 ? null : Math.round((errors / ring.length) * 10_000) / 10_000,
        );
        expect(stats.callsTotal).toBe(calls.length);
        expect(stats.errorsTotal).toBe(calls.filter(([, failed]) => failed).length);
      }),
    );
  });

  it("keeps cancelled calls out of the ring", () => {
    const stats = new ToolStats();
    stats.record(5, false);
    stats.cancelled();
    expect(stats.snapshot()).toEqual({
      samples: 1,
      p50_ms: 5,
      p95_ms: 5,
      p99_ms: 5,
      error_rate: 0,
      calls_total: 1,
      errors_total: 0,
      cancelled_total: 1,
    });
  });

  it("rounds latencies to 0.1 ms", () => {
    const stats = new ToolStats();
    stats.record(0.849, false);
    expect(stats.percentile(50)).toBe(0.8);
  });
});

describe("a tool's tier (docs/gateway.md §10)", () => {
  function statsOf(latencies: number[], failures = 0): ToolStats {
    const stats = new ToolStats();
    latencies.forEach((ms, index) => {
      stats.record(ms, index < failures);
    });
    return stats;
  }

  it("is the declared tier below 20 samples, whatever the latency", () => {
    expect(currentTier("fast", statsOf(Array(19).fill(5000)))).toBe("fast");
  });

  it("follows the observed p50 from 20 samples on", () => {
    expect(currentTier("deep", statsOf(Array(20).fill(500)))).toBe("fast");
    expect(currentTier("fast", statsOf(Array(20).fill(500.1)))).toBe("standard");
    expect(currentTier("fast", statsOf(Array(20).fill(1500)))).toBe("standard");
    expect(currentTier("fast", statsOf(Array(20).fill(1500.1)))).toBe("deep");
  });

  it("moves up one tier when more than 30 % of calls failed, and deep stays deep", () => {
    expect(currentTier("fast", statsOf(Array(20).fill(10), 6))).toBe("fast");
    expect(currentTier("fast", statsOf(Array(20).fill(10), 7))).toBe("standard");
    expect(currentTier("fast", statsOf(Array(20).fill(2000), 20))).toBe("deep");
  });
});
