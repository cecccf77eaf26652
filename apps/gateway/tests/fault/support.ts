// What both fault tests share: a gateway with a stdio victim and a builtin bystander, a loop
// of bystander calls, and the time until the victim serves again after a kill.
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

/**
 * Kills the victim's current process with SIGKILL and polls it through the gateway until a
 * call succeeds again, checking that a new process answers.
 *
 * @returns milliseconds from the kill to the first successful call
 */
export async function killAndTimeRecovery(victim: Session): Promise<number> {
  const { pid } = await readRecord(victim.client);
  trackPid(pid);
  const killedAt = performance.now();
  process.kill(pid, "SIGKILL");
  await waitFor(() => !isAlive(pid), `victim ${pid} to die`, 5000, 5);
  let recovery: number;
  for (;;) {
    const result = await call(victim.client, "echo", { probe: true });
    if (!result.isError) {
      recovery = performance.now() - killedAt;
      break;
    }
    await sleep(20);
  }
  const { pid: newPid } = await readRecord(victim.client);
  if (newPid === pid) throw new Error(`the victim answered from the killed process ${pid}`);
  return recovery;
}
