// CPU time of the processes a measurement involves, read from /proc (Linux): the client (this
// process), the server processes and, for PostgreSQL, the server and all its backends.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** @returns {{ ppid: number, seconds: number } | undefined} */
function processStat(pid) {
  const path = `/proc/${pid}/stat`;
  if (!existsSync(path)) return undefined;
  try {
    const text = readFileSync(path, "utf8");
    // The command name may hold spaces and parentheses: the fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { ppid: Number(fields[1]), seconds: ticks / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

/** Whether /proc can be read here. */
export function cpuAccountingAvailable() {
  return existsSync(`/proc/${process.pid}/stat`);
}

/**
 * CPU seconds used so far by this process, some server processes and the children of some
 * parents (a PostgreSQL server's backends).
 *
 * @param {{ pids: number[], parents: number[] }} scope
 * @returns {number}
 */
export function cpuSeconds({ pids, parents }) {
  const self = process.cpuUsage();
  let total = (self.user + self.system) / 1e6;
  for (const pid of pids) total += processStat(pid)?.seconds ?? 0;
  if (parents.length === 0) return total;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat && (parents.includes(stat.ppid) || parents.includes(Number(entry)))) {
      total += stat.seconds;
    }
  }
  return total;
}

/**
 * CPU seconds the whole machine has been busy since it started, all cores together (Linux's
 * /proc/stat: user, nice, system and interrupts; not idle, waiting for I/O, or time the
 * hypervisor gave to other machines); 0 where /proc cannot be read.
 *
 * @returns {number}
 */
export function machineBusySeconds() {
  if (!existsSync("/proc/stat")) return 0;
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user, nice, system, , , irq, softirq] = line.trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) / TICKS_PER_SECOND;
}

/**
 * The processes this one started that run `command` (their `/proc/PID/comm`): for a helper
 * that spawns a program without handing back its process id; empty where /proc cannot be read.
 *
 * @param {string} command - the program's name, as the kernel shows it (at most 15 characters)
 * @returns {Set<number>}
 */
export function childProcessesNamed(command) {
  const found = new Set();
  if (!existsSync("/proc")) return found;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    if (processStat(Number(entry))?.ppid !== process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === command) found.add(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found;
}
