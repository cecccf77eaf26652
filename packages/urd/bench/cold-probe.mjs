// Compiles one world file once, in this fresh process, and prints what that first (cold)
// compilation cost as JSON: wall time, the main thread's CPU time (Linux; the process's CPU time
// elsewhere, which includes the collector's and compiler's helper threads), and, with
// --allocations, the bytes allocated during it. Run by bench/run.mjs, one process per sample:
// a process compiles cold only once, and a server pays exactly that cold compilation at start-up.
//
//   node bench/cold-probe.mjs FILE [--allocations]
//
// Allocations come from V8's sampling heap profiler told to keep the objects that were collected
// since: an estimate (one sample per 512 bytes on average), close to the true total for a large
// compilation. Timings are taken without the profiler, which slows what it watches.
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { compile } from "../dist/index.js";

const [path] = process.argv.slice(2);
const allocations = process.argv.includes("--allocations");
const source = readFileSync(path, "utf8");
const options = { fileName: "generated.urd.md", maxSourceBytes: 64 * 1024 * 1024 };

/** Milliseconds the main thread has run, from /proc (the main thread's id is the process's). */
function mainThreadMs() {
  try {
    const line = readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8");
    return Number(line.split(" ")[0]) / 1e6;
  } catch {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  }
}

async function allocatedBytes() {
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  compile(source, options);
  const { profile } = await session.post("HeapProfiler.stopSampling");
  session.disconnect();
  let total = 0;
  const pending = [profile.head];
  while (pending.length > 0) {
    const node = pending.pop();
    total += node.selfSize;
    pending.push(...node.children);
  }
  return total;
}

if (allocations) {
  process.stdout.write(`${JSON.stringify({ allocatedMiB: (await allocatedBytes()) / 2 ** 20 })}\n`);
} else {
  const cpuStart = mainThreadMs();
  const start = performance.now();
  const result = compile(source, options);
  const ms = performance.now() - start;
  const cpuMs = mainThreadMs() - cpuStart;
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  process.stdout.write(`${JSON.stringify({ ms, cpuMs, errors })}\n`);
}
