import { readdirSync, readFileSync } from "node:fs";

/** Whether a process with this id exists (signal 0 only checks). */
export function isAlive(pid: number | null | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** Nearest-rank percentile of ascending-sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** CPU time a process has used so far (user + system) in seconds, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/** The ids of the live processes whose parent is `pid`, from /proc (Linux). */
export function childProcessIds(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid && fields[0] !== "Z") children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}
