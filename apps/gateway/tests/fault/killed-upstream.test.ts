// Fault test: a stdio upstream is killed (SIGKILL) again and again in quick succession while
// another client keeps calling a builtin. The builtin's calls all succeed; the gateway starts the
// killed upstream again after each kill following the doubling delays of docs/gateway.md §9.1
// (0.5 s, 1 s, 2 s, 4 s, 8 s, ±20 %), as the kernel's record of the new process's start shows,
// and the upstream then serves again. killed-upstream-healthy.test.ts spaces the kills by the
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
    const respawns: number[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const { respawnedAfterMs } = await killAndTimeRecovery(setup.victim);
      respawns.push(Math.round(respawnedAfterMs));
      // The schedule's delay, ±20 % jitter; the kernel's clock counts in 10 ms ticks, and the
      // gateway learns of the exit and spawns a little after the delay on a busy machine.
      const shown = `respawn after kill ${kill}: ${respawns.join(", ")} ms`;
      expect(respawnedAfterMs, shown).toBeGreaterThanOrEqual(restartDelayMs(kill) * 0.8 - 20);
      expect(respawnedAfterMs, shown).toBeLessThanOrEqual(restartDelayMs(kill) * 1.2 + 1000);
    }
    const { calls, failures } = await bystander.stop();
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(KILLS * 5);
  });
});
