// Latency tiers over HTTP (docs/gateway.md §10): a tool whose calls fail moves up a tier once it
// has 20 samples; a `fast` session stops seeing it, is told with `tools/list_changed` at most once
// per 5 s (trailing), and gets reason `budget` when it calls it anyway. A `deep` session sees
// everything and is never told.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  errorOf,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  type Session,
  sleep,
  startGatewayHttp,
  toolNames,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const MIN_SAMPLES = 20;
const NOTICE_EVERY_MS = 5000;

let gateway: HttpChild;
let fast: Session;
let deep: Session;
const fastNotices: number[] = [];
const deepNotices: number[] = [];

function recordListChanged(session: Session, times: number[]): void {
  session.client.setNotificationHandler("notifications/tools/list_changed", async () => {
    times.push(performance.now());
  });
}

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: {
      fixture: fixtureStdio(["--tools", "echo,fail,fail_too=fail"], {
        tiers: { echo: "fast", fail: "fast", fail_too: "fast" },
      }),
    },
  });
  gateway = await startGatewayHttp(["--config", config]);
  fast = await openHttpSession(gateway.url, "?tier=fast");
  deep = await openHttpSession(gateway.url);
  recordListChanged(fast, fastNotices);
  recordListChanged(deep, deepNotices);
});

afterAll(cleanupAll);

describe("latency tiers", () => {
  it("hide a tool that moved up, tell the fast session once per change at most every 5 s", async () => {
    expect(await toolNames(fast.client)).toEqual(["echo", "fail", "fail_too"]);
    expect(await toolNames(deep.client)).toEqual(["echo", "fail", "fail_too"]);

    // Below 20 samples the declared tier holds, failures or not. `fail_too` is brought to the
    // same edge now, so that its own change later is one call away.
    for (let index = 0; index < MIN_SAMPLES - 1; index++) {
      expect((await call(deep.client, "fail", { index })).isError).toBe(true);
      expect((await call(deep.client, "fail_too", { index })).isError).toBe(true);
    }
    await sleep(300);
    expect(fastNotices).toEqual([]);
    expect(await toolNames(fast.client)).toEqual(["echo", "fail", "fail_too"]);

    // The 20th failure moves `fail` to standard: the fast session is told at once.
    const firstChange = performance.now();
    await call(deep.client, "fail");
    await waitFor(() => fastNotices.length === 1, "the first tools/list_changed", 3000);
    expect(await toolNames(fast.client)).toEqual(["echo", "fail_too"]);

    // A second change right after is announced only 5 s after the first (trailing). The first
    // notice cannot have been sent before the call that caused it, so the second one arrives at
    // least 5 s after that call, however late the first one was delivered.
    await call(deep.client, "fail_too");
    await waitFor(() => fastNotices.length === 2, "the second tools/list_changed", 8000);
    const [, second = 0] = fastNotices;
    expect(second - firstChange).toBeGreaterThanOrEqual(NOTICE_EVERY_MS - 50);
    expect(await toolNames(fast.client)).toEqual(["echo"]);

    // Nothing further changed: no more notices, even though the fast session is still calling.
    for (let index = 0; index < 5; index++) await call(fast.client, "echo", { index });
    await sleep(NOTICE_EVERY_MS + 500);
    expect(fastNotices).toHaveLength(2);

    // The deep session sees every tool and hears nothing.
    expect(await toolNames(deep.client)).toEqual(["echo", "fail", "fail_too"]);
    expect(deepNotices).toEqual([]);
  }, 30_000);

  it("answers a call to a hidden tool with reason budget, naming the session's tier and p50", async () => {
    const result = await call(fast.client, "fail");
    expect(result.isError).toBe(true);
    const error = errorOf(result);
    expect(error).toMatchObject({
      code: "FAILED_PRECONDITION",
      upstream: "fixture",
      reason: "budget",
    });
    expect(error.message).toMatch(
      /^Tool "fail" is outside this session's "fast" latency budget \(p50 \d+(\.\d+)? ms\)\.$/,
    );
  });
});
