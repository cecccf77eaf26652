// What both fault tests share: a gateway with a stdio victim and a builtin bystander, a loop
// of bystander calls, and the time until the victim serves again after a kill.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  call,
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

export interface FaultSetup {
  gateway: HttpChild;
  /** The session that calls the victim. */
  victim: Session;
  /** The session that calls the builtin meanwhile. */
  bystander: Session;
}

/** A gateway over HTTP with the fixture as stdio upstream `victim` and builtin duality. */
export async function startFaultSetup(): Promise<FaultSetup> {
  const config = writeConfig({
    mcpServers: { victim: fixtureStdio(["--name", "victim"]), duality: { builtin: "duality" } },
  });
  const gateway = await startGatewayHttp(["--config", config]);
  return {
    gateway,
    victim: await openHttpSession(gateway.url),
    bystander: await openHttpSession(gateway.url),
  };
}

/** Calls `duality_action_roll` every 25 ms until stopped; every failed result is kept. */
export function startBystander(session: Session): {
  stop(): Promise<{ calls: number; failures: unknown[] }>;
} {
  let running = true;
  let calls = 0;
  const failures: unknown[] = [];
  const loop = (async () => {
    while (running) {
      const result = await call(session.client, "duality_action_roll", {});
      calls += 1;
      if (result.isError) failures.push(result);
      await sleep(25);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { calls, failures };
    },
  };
}

/** How long after a kill the gateway started the victim again, and served from it. */
export interface Recovery {
  /** From the kill to the new process's start, as the kernel recorded it (10 ms resolution). */
  respawnedAfterMs: number;
  /** From the kill to the first successful call. */
  servingAfterMs: number;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** Seconds since boot now, by the kernel's clock (the one process start times use). */
function secondsSinceBoot(): number {
  return Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
}

/** Seconds since boot at which process `pid` started (field 22 of /proc/<pid>/stat). */
function startedSecondsSinceBoot(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is parenthesised and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[22 - 3]) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Kills the victim's current process with SIGKILL and polls it through the gateway until a
 * call succeeds again, checking that a new process answers. The respawn time is the gateway's
 * own restart delay (plus the kernel's notice of the exit); the serving time adds the new
 * process's start-up and handshake, which a busy machine stretches.
 */
export async function killAndTimeRecovery(victim: Session): Promise<Recovery> {
  const { pid } = await readRecord(victim.client);
  trackPid(pid);
  const killedAt = performance.now();
  const killedSinceBoot = secondsSinceBoot();
  process.kill(pid, "SIGKILL");
  await waitFor(() => !isAlive(pid), `victim ${pid} to die`, 5000, 5);
  let servingAfterMs: number;
  for (;;) {
    const result = await call(victim.client, "echo", { probe: true });
    if (!result.isError) {
      servingAfterMs = performance.now() - killedAt;
      break;
    }
    await sleep(20);
  }
  const { pid: newPid } = await readRecord(victim.client);
  if (newPid === pid) throw new Error(`the victim answered from the killed process ${pid}`);
  const respawnedAfterMs = (startedSecondsSinceBoot(newPid) - killedSinceBoot) * 1000;
  return { respawnedAfterMs, servingAfterMs };
}
