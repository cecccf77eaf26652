// docs/gateway.md §15, item 4: a fixed request timeout kills long calls that are visibly making
// progress; the gateway's idle timeout is reset by progress, bounded by a hard ceiling, and cancels
// upstream.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fixtureStdio,
  openStdioGateway,
  readRecord,
  type StdioSession,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

let gateway: StdioSession;

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: {
      idle: fixtureStdio(["--name", "idle"], { timeout_ms: 1000 }),
      capped: fixtureStdio(["--name", "capped", "--scheme", "capped", "--prompt", "capped"], {
        prefix: "capped",
        timeout_ms: 1000,
        max_total_timeout_ms: 2000,
      }),
    },
  });
  gateway = await openStdioGateway(["--config", config]);
});

afterAll(cleanupAll);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe("timeout_ms 1000", () => {
  it("lets a 3 s call that reports progress every 500 ms succeed", async () => {
    const { value } = await timed(() => call(gateway.client, "slow", { ms: 3000, steps: 6 }));
    expect(value.isError).toBeFalsy();
    expect(value.structuredContent).toEqual({ slept_ms: 3000, steps: 6 });
  });

  it("times a silent 3 s call out after about 1 s and cancels it upstream", async () => {
    const { value, ms } = await timed(() => call(gateway.client, "slow", { ms: 3000 }));
    const error = errorOf(value);
    expect(error).toMatchObject({
      code: "FAILED_PRECONDITION",
      upstream: "idle",
      reason: "timeout",
    });
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(2800);

    let slowId: string | number | undefined;
    await waitFor(async () => {
      const record = await readRecord(gateway.client);
      slowId = record.tool_calls.filter((entry) => entry.name === "slow").at(-1)?.id;
      return record.cancellations.some((entry) => entry.request_id === slowId);
    }, "the fixture to receive a cancellation for the timed-out call");
    const record = await readRecord(gateway.client);
    expect(record.aborted.map((entry) => entry.request_id)).toContain(slowId);
  });

  it("stops a call that keeps reporting progress at max_total_timeout_ms 2000", async () => {
    const { value, ms } = await timed(() =>
      call(gateway.client, "capped__slow", { ms: 4000, steps: 8 }),
    );
    expect(errorOf(value)).toMatchObject({ upstream: "capped", reason: "timeout" });
    expect(ms).toBeGreaterThanOrEqual(1800);
    expect(ms).toBeLessThan(3800);
  });
});
