// Fault test: a stdio upstream is killed (SIGKILL) again and again in quick succession while
// another client keeps calling a builtin. The builtin's calls all succeed; the killed upstream
// serves again soon after each kill: within 2 s while its restart delay is at most 1 s
// (docs/gateway.md §9.1: 0.5 s, then 1 s), and within its backoff delay plus the same 1.5 s
// allowance once the delays double further. killed-upstream-healthy.test.ts spaces the kills by the
// healthy minute of §9.1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupAll } from "../helpers/gateway.js";
import {
  type FaultSetup,
  killAndTimeRecovery,
  startBystander,
  startFaultSetup,
} from "./support.js";

const KILLS = 5;
/** The delays of docs/gateway.md §9.1 for failures within 60 s of each other, before jitter. */
const restartDelayMs = (failure: number) => Math.min(500 * 2 ** (failure - 1), 30_000);

let setup: FaultSetup;

beforeAll(async () => {
  setup = await startFaultSetup();
});

afterAll(cleanupAll);

describe("a stdio upstream killed repeatedly", () => {
  it("comes back after each kill while another client's calls all succeed", async () => {
    const bystander = startBystander(setup.bystander);
    const recoveries: number[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const recovery = await killAndTimeRecovery(setup.victim);
      recoveries.push(Math.round(recovery));
      const allowance = Math.max(2000, restartDelayMs(kill) * 1.2 + 1500);
      expect(
        recovery,
        `recovery after kill ${kill}: ${recoveries.join(", ")} ms`,
      ).toBeLessThanOrEqual(allowance);
    }
    const { calls, failures } = await bystander.stop();
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(KILLS * 5);
  });
});
