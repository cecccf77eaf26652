// Fault test: a stdio upstream is killed (SIGKILL) again and again while another client keeps
// calling a builtin. The builtin's calls all succeed; the killed upstream serves again soon
// after each kill: within 2 s while its restart delay is at most 1 s (§9: 0.5 s, then 1 s),
// and within its backoff delay plus the same 1.5 s allowance once the delays double further.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  isAlive,
  openHttpSession,
  readRecord,
  type Session,
  sleep,
  startGatewayHttp,
  trackPid,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const KILLS = 5;
/** §9's restart delays for consecutive failures within 60 s, before ±20 % jitter. */
const restartDelayMs = (failure: number) => Math.min(500 * 2 ** (failure - 1), 30_000);

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

describe("a stdio upstream killed repeatedly", () => {
  it("comes back after each kill while another client's calls all succeed", async () => {
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
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const { pid } = await readRecord(victimSession.client);
      trackPid(pid);
      const killedAt = performance.now();
      process.kill(pid, "SIGKILL");
      await waitFor(() => !isAlive(pid), `victim ${pid} to die`, 5000, 5);
      const recovery = await msUntilServing(killedAt);
      recoveries.push(recovery);
      const allowance = Math.max(2000, restartDelayMs(kill) * 1.2 + 1500);
      expect(
        recovery,
        `recovery after kill ${kill}: ${recoveries.join(", ")} ms`,
      ).toBeLessThanOrEqual(allowance);
      const { pid: newPid } = await readRecord(victimSession.client);
      expect(newPid).not.toBe(pid);
    }

    bystanderRunning = false;
    await bystanderLoop;
    expect(bystanderFailures).toEqual([]);
    expect(bystanderCalls).toBeGreaterThan(KILLS * 5);
  });
});
