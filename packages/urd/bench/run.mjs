// Benchmarks compile() from the built package: the Locked Garden, the Sunken
// Citadel, and generated worlds at five sizes around the default (2,000
// locations, 500 entities, 1,000 sections). Warm timings, median of several runs.
// Human table on stderr; the last stdout line is one JSON object.
//
//   node bench/run.mjs [--quick]     (after a build; --quick: fewer warm-ups and runs)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { compile } from "../dist/index.js";
import { generateWorld } from "./generate-world.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes("--quick");
// A quick run measures every size the full run does, each fewer times: one compile of the
// largest world already runs long enough for the JIT to optimise its hot paths.
const warmups = quick ? 1 : 8;
const warmupMs = quick ? 150 : 400;
const runs = quick ? 3 : 15;
const coldRuns = quick ? 3 : 7;
const noSizeLimit = 64 * 1024 * 1024;
const defaults = { locations: 2000, entities: 500, sections: 1000 };
const scales = [0.25, 0.5, 1, 2, 4];

// Garbage-collection pauses, summed as they are reported.
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ["gc"] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Warms up (at least `warmups` runs and `warmupMs` of compiling, so the JIT
 * has settled even for small files), then times warm compiles: the median
 * wall-clock time, the median CPU time of this process (steadier when other
 * work shares the machine), and the mean time spent in garbage collection.
 */
async function timeCompile(source, fileName) {
  const options = { fileName, maxSourceBytes: noSizeLimit };
  const first = compile(source, options);
  const errors = first.diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0)
    throw new Error(`${fileName} has ${errors} errors; the benchmark needs valid worlds`);
  const warmupStart = performance.now();
  for (let index = 0; index < warmups || performance.now() - warmupStart < warmupMs; index += 1) {
    compile(source, options);
  }
  await settle();
  gcMs = 0;
  const wall = [];
  const cpu = [];
  for (let index = 0; index < runs; index += 1) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    compile(source, options);
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  await settle();
  const meanWall = wall.reduce((sum, value) => sum + value, 0) / runs;
  const meanGc = gcMs / runs;
  return { ms: median(wall), cpuMs: median(cpu), gcMs: meanGc, workMs: meanWall - meanGc };
}

const round = (value, digits = 3) => Number(value.toFixed(digits));
const results = [];
const table = [];

for (const [name, target] of [
  ["locked-garden", "<= 0.78 ms (reference Rust wasm build)"],
  ["sunken-citadel", "<= 7.2 ms (reference Rust wasm build)"],
]) {
  const source = readFileSync(join(here, "..", "tests", "fixtures", `${name}.urd.md`), "utf8");
  const { ms, cpuMs } = await timeCompile(source, `${name}.urd.md`);
  results.push({ name: `compile ${name}`, value: round(ms), unit: "ms", target });
  table.push([`compile ${name}`, `${ms.toFixed(3)} ms`, `CPU ${cpuMs.toFixed(3)} ms; ${target}`]);
}

const sized = [];
for (const scale of scales) {
  const size = {
    locations: Math.round(defaults.locations * scale),
    entities: Math.round(defaults.entities * scale),
    sections: Math.round(defaults.sections * scale),
  };
  const source = generateWorld(size);
  const { ms, cpuMs, gcMs: gc, workMs } = await timeCompile(source, "generated.urd.md");
  const label = `${size.locations} locations, ${size.entities} entities, ${size.sections} sections`;
  const isDefault = scale === 1;
  const bytes = Buffer.byteLength(source);
  sized.push({ scale, size, ms, cpuMs, gc, workMs, bytes, source });
  results.push({
    name: `compile generated world (${label})`,
    value: round(ms),
    unit: "ms",
    target: isDefault ? "<= 600 ms (reference Rust wasm build)" : "linear growth with world size",
  });
  table.push([
    `compile generated x${scale} (${label}; ${(bytes / 1024).toFixed(0)} KiB)`,
    `${ms.toFixed(1)} ms`,
    `CPU ${cpuMs.toFixed(1)} ms, GC ${gc.toFixed(1)} ms; ${isDefault ? "<= 600 ms" : "linear"}`,
  ]);
}

for (const { size, cpuMs } of sized) {
  const perThousand = (cpuMs / size.locations) * 1000;
  results.push({
    name: `CPU time per 1,000 locations at ${size.locations} locations`,
    value: round(perThousand),
    unit: "ms",
    target: "about constant across sizes (linear growth)",
  });
  table.push([
    `  CPU per 1,000 locations at ${size.locations}`,
    `${perThousand.toFixed(1)} ms`,
    "constant",
  ]);
}
/** Least-squares slope of log(time) against log(locations): 1 is linear growth, 2 quadratic. */
function growthExponent(time) {
  const points = sized.map((entry) => [Math.log(entry.size.locations), Math.log(time(entry))]);
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  return (
    points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0) /
    points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0)
  );
}
const span = `${sized[0].size.locations} to ${sized[sized.length - 1].size.locations} locations`;
const exponent = growthExponent((entry) => entry.cpuMs);
const workExponent = growthExponent((entry) => entry.workMs);
results.push({
  name: `growth exponent (log-log slope of CPU time against locations, ${span})`,
  value: round(exponent),
  unit: "exponent",
  target: "about 1 (linear growth); 2 would be quadratic",
});
results.push({
  name: `growth exponent excluding garbage collection (wall time minus GC pauses, ${span})`,
  value: round(workExponent),
  unit: "exponent",
  target: "about 1 (linear growth); 2 would be quadratic",
});
table.push([
  "growth exponent (log-log slope, CPU time vs locations)",
  exponent.toFixed(2),
  "about 1",
]);
table.push(["growth exponent without GC pauses", workExponent.toFixed(2), "about 1"]);

/**
 * The first compilation in a fresh process, before the JIT has warmed up: what a server pays at
 * start-up. One process per sample, interleaved with nothing else; median of several.
 */
function coldCompile(path) {
  const probe = join(here, "cold-probe.mjs");
  const samples = [];
  for (let index = 0; index < coldRuns; index += 1) {
    samples.push(JSON.parse(execFileSync(process.execPath, [probe, path], { encoding: "utf8" })));
  }
  const { allocatedMiB } = JSON.parse(
    execFileSync(process.execPath, [probe, path, "--allocations"], { encoding: "utf8" }),
  );
  const ms = median(samples.map((sample) => sample.ms));
  const cpuMs = median(samples.map((sample) => sample.cpuMs));
  results.push(
    {
      name: "cold compile of the default generated world (first compile in a fresh process)",
      value: round(ms, 1),
      unit: "ms",
      target: "informational: the compile a world server pays at start-up",
    },
    {
      name: "main-thread CPU time of that cold compile",
      value: round(cpuMs, 1),
      unit: "ms",
      target: "informational: steadier than wall time on a shared machine",
    },
    {
      name: "bytes allocated by that cold compile (sampled)",
      value: round(allocatedMiB, 1),
      unit: "MiB",
      target: "informational",
    },
  );
  table.push(
    [
      `cold compile, default generated world (${coldRuns} fresh processes)`,
      `${ms.toFixed(1)} ms`,
      `main-thread CPU ${cpuMs.toFixed(1)} ms`,
    ],
    ["  allocated by it (sampled)", `${allocatedMiB.toFixed(1)} MiB`, ""],
  );
}

const scratch = mkdtempSync(join(tmpdir(), "urd-bench-"));
try {
  const defaultWorld = sized.find((entry) => entry.scale === 1);
  const path = join(scratch, "generated.urd.md");
  writeFileSync(path, defaultWorld.source);
  const probe = JSON.parse(
    execFileSync(process.execPath, ["--expose-gc", join(here, "memory-probe.mjs"), path], {
      encoding: "utf8",
    }),
  );
  results.push({
    name: "peak RSS compiling the default generated world (whole Node process)",
    value: round(probe.peakRssMiB, 1),
    unit: "MiB",
    target: "<= 285 MiB (reference Rust wasm build)",
  });
  results.push({
    name: "heap retained by the compilation result (default generated world)",
    value: round(probe.retainedHeapMiB, 1),
    unit: "MiB",
    target: "informational",
  });
  table.push([
    "peak RSS, default generated world",
    `${probe.peakRssMiB.toFixed(1)} MiB (${probe.rssBeforeMiB.toFixed(1)} MiB before compiling)`,
    "<= 285 MiB",
  ]);
  table.push(["heap retained by the result", `${probe.retainedHeapMiB.toFixed(1)} MiB`, ""]);
  coldCompile(path);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const width = Math.max(...table.map(([name]) => name.length));
process.stderr.write(
  `@tabletop-mcp/urd compile benchmark (${quick ? "quick" : "full"}: ${runs} runs, median)\n`,
);
for (const [name, value, target] of table) {
  process.stderr.write(`${name.padEnd(width)}  ${value.padStart(12)}  ${target}\n`);
}
process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/urd", results })}\n`);
