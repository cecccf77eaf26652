// Start-up time (spawn to the initialize answer) and idle memory (resident set after
// initialize and one tools/list, settled) of server commands, each run next to its floors.
import { readFileSync } from "node:fs";
import { initialize, spawnStdio } from "./raw-stdio.mjs";

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Spawns every contender `rounds` times, one at a time, rotating the order each round so no
 * contender always follows the same one; one discarded warm-up round first (file cache).
 * Returns each contender's start-up times in milliseconds.
 */
export async function measureColdStarts(contenders, { rounds }) {
  const samples = contenders.map(() => []);
  for (let round = -1; round < rounds; round++) {
    const shift = ((round % contenders.length) + contenders.length) % contenders.length;
    for (let step = 0; step < contenders.length; step++) {
      const position = (step + shift) % contenders.length;
      const contender = contenders[position];
      const handle = spawnStdio(contender.args, contender);
      try {
        const answer = await initialize(handle);
        if (round >= 0) samples[position].push(Number(answer.arrivedAt - handle.spawnedAt) / 1e6);
      } finally {
        await handle.close();
      }
    }
  }
  return samples;
}

/** Resident set size of a process in bytes, from /proc (Linux). */
function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * In each round, starts every contender at once, initializes it, lists its tools, waits
 * `idleMs`, then reads its resident set. Returns each contender's readings in bytes.
 */
export async function measureIdleMemory(contenders, { rounds, idleMs }) {
  const samples = contenders.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const handles = contenders.map((contender) => spawnStdio(contender.args, contender));
    try {
      await Promise.all(
        handles.map(async (handle) => {
          await initialize(handle);
          const listed = await handle.request({ jsonrpc: "2.0", id: 1, method: "tools/list" });
          if (listed.message.error) throw new Error(listed.message.error.message);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      handles.forEach((handle, position) => {
        samples[position].push(residentBytes(handle.child.pid));
      });
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  }
  return samples;
}
