import { describe, expect, it } from "vitest";
import { call, connectStdio } from "../harness.js";

interface Timed {
  metadata: { timestamp: string };
}

describe("rate limiting over stdio", () => {
  it("spaces parallel calls 200 ms apart by default, in arrival order, without failing any", async () => {
    const connection = await connectStdio();
    const calls = [0, 1, 2].map(() =>
      call(connection.client, "roll_dice", { dice_count: 1, dice_sides: 20 }),
    );
    const results = await Promise.all(calls);
    await connection.close();
    expect(results.every((result) => !result.isError)).toBe(true);
    const finished = results.map((result) =>
      Date.parse((result.structuredContent as unknown as Timed).metadata.timestamp),
    );
    // Starts at 0, 200 and 400 ms (docs/dice.md §8). The timestamps are taken inside the handler,
    // which on a loaded machine may run a little after its scheduled start: hence the slack,
    // far below the 200 ms a missing limiter would lose.
    const [first = 0, second = 0, third = 0] = finished;
    expect(second - first).toBeGreaterThanOrEqual(120);
    expect(third - second).toBeGreaterThanOrEqual(120);
    expect(third - first).toBeGreaterThanOrEqual(320);
  });

  it("answers the 33rd waiting call RATE_LIMITED with a retry time, and the others normally", async () => {
    // Wide enough that all 34 calls arrive before the first waiter starts, even on a busy machine.
    const spacing = 150;
    const connection = await connectStdio(["--rate-limit-ms", String(spacing)]);
    const calls = Array.from({ length: 34 }, () =>
      call(connection.client, "roll_dice", { dice_count: 1, dice_sides: 6 }),
    );
    const results = await Promise.all(calls);
    await connection.close();
    const refused = results.filter((result) => result.isError);
    expect(refused).toHaveLength(1);
    const last = results[33];
    expect(last?.isError).toBe(true);
    const body = last?.structuredContent as unknown as {
      error: { code: string; message: string; retry_after_ms: number };
    };
    const error = body.error;
    expect(error.code).toBe("RATE_LIMITED");
    const match = /^Too many dice requests waiting \(32\); retry after (\d+) ms$/.exec(
      error.message,
    );
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBe(error.retry_after_ms);
    expect(error.retry_after_ms).toBeGreaterThanOrEqual(1);
    expect(error.retry_after_ms).toBeLessThanOrEqual(spacing);
  });
});
