import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { startHttpFixture } from "./harness.js";
import { health, initialize, openSession, rpc } from "./raw-http.js";

const handles: HttpHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start(limits: Parameters<typeof startHttpFixture>[0] = {}) {
  const handle = await startHttpFixture(limits);
  handles.push(handle);
  return handle;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("who may open how many sessions", () => {
  it("caps one client address with 429 and Retry-After while other clients are served", async () => {
    const { url } = await start({ limits: { maxSessionsPerClient: 3 } });
    for (let index = 0; index < 3; index++) await openSession(url);
    const refused = await initialize(url);
    expect(refused.status).toBe(429);
    // Nothing used the three sessions, so the first expires after the 60 s unused limit.
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message:
          "Too many live sessions from this address (3); close one (DELETE /mcp) or retry later",
      },
      id: null,
    });
    expect((await initialize(url, "127.0.0.2")).status).toBe(200);
  });

  it("answers 503 with Retry-After once the process holds its cap, from any address", async () => {
    const { url } = await start({ limits: { maxSessions: 4, maxSessionsPerClient: 2 } });
    await openSession(url, "127.0.0.2");
    await openSession(url, "127.0.0.2");
    await openSession(url, "127.0.0.3");
    await openSession(url, "127.0.0.3");
    const refused = await initialize(url, "127.0.0.4");
    expect(refused.status).toBe(503);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body).error.message).toBe("Too many live sessions (4); retry later");
  });

  it("expires sessions that made no request after initialize sooner than used ones", async () => {
    const { url } = await start({
      limits: { maxSessionsPerClient: 2, unusedSessionIdleMs: 600 },
    });
    const unused = await openSession(url);
    const used = await openSession(url);
    const listed = await rpc(url, used, { jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(listed.status).toBe(200);
    expect((await initialize(url)).status).toBe(429);
    await sleep(1_200);
    expect((await health(url)).sessions).toBe(1);
    expect((await rpc(url, unused, { jsonrpc: "2.0", id: 3, method: "ping" })).status).toBe(404);
    expect((await rpc(url, used, { jsonrpc: "2.0", id: 3, method: "ping" })).status).toBe(200);
    expect((await initialize(url)).status).toBe(200);
  });

  it("lets a flood of initialize calls take one client's share, not the whole server", async () => {
    const { url } = await start({ limits: { maxSessionsPerClient: 20, maxSessions: 100 } });
    const flood = await Promise.all(Array.from({ length: 120 }, () => initialize(url)));
    const statuses = flood.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100);
    for (const address of ["127.0.0.2", "127.0.0.3"]) {
      expect((await initialize(url, address)).status).toBe(200);
    }
    expect((await health(url)).sessions).toBe(22);
  });
});
