import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEALTHY_RESET_MS, RestartLoop } from "../../src/upstreams/restart-loop.js";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Runs a loop whose every attempt fails and returns the times (ms after start) of the attempts. */
async function attemptTimes(count: number, random: () => number): Promise<number[]> {
  const start = Date.now();
  const times: number[] = [];
  const loop = new RestartLoop(
    async () => {
      times.push(Date.now() - start);
      throw new Error("connection refused");
    },
    () => {},
    { random },
  );
  await loop.run();
  while (times.length < count) await vi.advanceTimersToNextTimerAsync();
  loop.stop();
  return times;
}

describe("the restart schedule (docs/gateway.md §9.1)", () => {
  it("retries at 0.5, 1, 2, 4 … s after each failure, capped at 30 s, with jitter disabled", async () => {
    const times = await attemptTimes(10, () => 0.5);
    const gaps = times.slice(1).map((time, index) => time - (times[index] as number));
    expect(gaps).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("keeps every delay within ±20 % of the schedule", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.double({ min: 0, max: 0.999999, noNaN: true }), { minLength: 8, maxLength: 8 }),
        async (draws) => {
          let next = 0;
          const times = await attemptTimes(9, () => draws[next++ % draws.length] as number);
          times.slice(1).forEach((time, index) => {
            const gap = time - (times[index] as number);
            const base = RestartLoop.baseDelay(index + 1);
            expect(gap).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
            expect(gap).toBeLessThanOrEqual(Math.ceil(base * 1.2));
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it("starts again from 0.5 s when a connection that ran 60 s healthy is lost", async () => {
    let attempts = 0;
    const loop = new RestartLoop(
      async () => {
        attempts++;
      },
      () => {},
      { random: () => 0.5 },
    );
    await loop.run();
    vi.advanceTimersByTime(HEALTHY_RESET_MS);
    loop.lost();
    expect(loop.failures).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(2);
    loop.stop();
  });

  it("keeps counting when a connection is lost again before it ran 60 s", async () => {
    let attempts = 0;
    const loop = new RestartLoop(
      async () => {
        attempts++;
      },
      () => {},
      { random: () => 0.5 },
    );
    await loop.run();
    loop.lost();
    await vi.advanceTimersByTimeAsync(500);
    expect(attempts).toBe(2);
    loop.lost();
    expect(loop.failures).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(attempts).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toBe(3);
    loop.stop();
  });
});
