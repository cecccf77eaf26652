// Fixed CPU placement for latency comparisons that must resolve a few percent.
//
// On a machine with two or more CPUs and Linux's `taskset`, an unpinned client and server land
// on the same CPU for some calls and on different CPUs for others: the per-call latency is
// bimodal (about 45 us and 85 us on the reference machine), and a p50 that falls between the
// two modes moves by +-10 % between two runs of the very same server. With the client held on
// one CPU and every server on another, each call takes the same cross-CPU path and the
// distribution has one mode; two processes of the same server then agree to about 1 %.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

const CLIENT_CPU = 0;
const SERVER_CPU = 1;

function taskset(args) {
  const result = spawnSync("taskset", args, { encoding: "utf8" });
  return result.status === 0 ? result.stdout : null;
}

/** Whether pinning can be used here: Linux, two or more CPUs, and a working `taskset`. */
export function pinningAvailable() {
  return (
    process.platform === "linux" &&
    availableParallelism() >= 2 &&
    taskset(["-c", String(SERVER_CPU), "true"]) !== null
  );
}

/**
 * Holds this process (every thread) on the client CPU until the returned function is called,
 * which restores the CPU list it had before.
 */
export function pinClient() {
  const current = taskset(["-p", "-c", String(process.pid)]);
  const previous = current ? /:\s*(\S+)\s*$/.exec(current.trim())?.[1] : undefined;
  taskset(["-a", "-p", "-c", String(CLIENT_CPU), String(process.pid)]);
  return () => {
    if (previous) taskset(["-a", "-p", "-c", previous, String(process.pid)]);
  };
}

/** The command and arguments that run `node args…` on the server CPU. */
export function pinnedServerCommand(args) {
  return { command: "taskset", args: ["-c", String(SERVER_CPU), process.execPath, ...args] };
}

/** A one-line description of the placement, for the report. */
export const PLACEMENT = `client on CPU ${CLIENT_CPU}, servers on CPU ${SERVER_CPU}`;
