// Fault test, in real time: a stdio upstream is killed (SIGKILL) again and again, each time after
// it has served for a full healthy period (gateway.md §9: 60 s, after which a failure starts the
// restart schedule from its first 0.5 s delay). Each time it must serve again within 2 s, while
// another client's calls to a builtin all succeed throughout. killed-upstream.test.ts covers
// kills in quick succession, where §9's doubling delays apply instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTHY_RESET_MS } from "../../src/upstreams/restart-loop.js";
import {
  call,
  cleanupAll,
  fetchHealth,
  fixtureStdio,
  type HttpChild,
  isAlive,
  openHttpSession,
  readRecord,
  type Session,
  sleep,
  startGatewayHttp,
  trackPid,
  upstreamOf,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const KILLS = 3;
const SERVING_AGAIN_WITHIN_MS = 2000;
/** Serving is observed after the gateway counts the upstream healthy, so this margin suffices. */
const HEALTHY_MARGIN_MS = 1500;

let gateway: HttpChild;
let victimSession: Session;
let bystander: Session;

beforeAll(async () => {
  const config = writeConfig({
    mcpServers: { victim: fixtureStdio(["--name", "victim"]), duality: { builtin: "duality" } },
  });
  gateway = await startGatewayHttp(["--config", config]);
  victimSession = await openHttpSession(gateway.url);
  bystander = await openHttpSession(gateway.url);
});

afterAll(cleanupAll);

/** Polls the victim until a call succeeds; resolves with the time that took. */
async function msUntilServing(killedAt: number): Promise<number> {
  for (;;) {
    const result = await call(victimSession.client, "echo", { probe: true });
    if (!result.isError) return performance.now() - killedAt;
    await sleep(20);
  }
}

/** Keeps calling the victim about once a second until `until`; every call must succeed. */
async function serveUntil(until: number): Promise<number> {
  let calls = 0;
  while (performance.now() < until) {
    const result = await call(victimSession.client, "echo", { steady: calls });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    calls += 1;
    await sleep(Math.min(1000, Math.max(0, until - performance.now())));
  }
  return calls;
}

describe("a stdio upstream killed after each healthy minute", () => {
  it(
    "serves again within 2 s every time while another client's calls all succeed",
    async () => {
      let bystanderRunning = true;
      let bystanderCalls = 0;
      const bystanderFailures: unknown[] = [];
      const bystanderLoop = (async () => {
        while (bystanderRunning) {
          const result = await call(bystander.client, "duality_action_roll", {});
          bystanderCalls += 1;
          if (result.isError) bystanderFailures.push(result);
          await sleep(25);
        }
      })();

      const recoveries: number[] = [];
      let servingSince = performance.now();
      for (let kill = 1; kill <= KILLS; kill += 1) {
        if (kill > 1) await serveUntil(servingSince + HEALTHY_RESET_MS + HEALTHY_MARGIN_MS);
        const { pid } = await readRecord(victimSession.client);
        trackPid(pid);
        const killedAt = performance.now();
        process.kill(pid, "SIGKILL");
        await waitFor(() => !isAlive(pid), `victim ${pid} to die`, 5000, 5);
        const recovery = await msUntilServing(killedAt);
        servingSince = performance.now();
        recoveries.push(Math.round(recovery));
        expect(
          recovery,
          `recovery after kill ${kill}: ${recoveries.join(", ")} ms`,
        ).toBeLessThanOrEqual(SERVING_AGAIN_WITHIN_MS);
        const { pid: newPid } = await readRecord(victimSession.client);
        expect(newPid).not.toBe(pid);
      }

      bystanderRunning = false;
      await bystanderLoop;
      expect(bystanderFailures).toEqual([]);
      // One call about every 25 ms for over two minutes.
      expect(bystanderCalls).toBeGreaterThan(1000);
      const victim = upstreamOf(await fetchHealth(gateway.origin), "victim");
      expect(victim.state).toBe("ready");
      expect(victim.restarts).toBe(KILLS);
    },
    (KILLS - 1) * (HEALTHY_RESET_MS + HEALTHY_MARGIN_MS) + 60_000,
  );
});
