// Benchmarks compile() from the built package: the Locked Garden, the Sunken
// Citadel, and generated worlds at five sizes around the default (2,000
// locations, 500 entities, 1,000 sections). Warm timings, median of several runs.
// Human table on stderr; the last stdout line is one JSON object.
//
//   node bench/run.mjs [--quick]     (after a build; --quick: fewer runs, no largest size)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "../dist/index.js";
import { generateWorld } from "./generate-world.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes("--quick");
const warmups = quick ? 3 : 8;
const runs = quick ? 5 : 15;
const noSizeLimit = 64 * 1024 * 1024;
const defaults = { locations: 2000, entities: 500, sections: 1000 };
const scales = quick ? [0.25, 0.5, 1, 2] : [0.25, 0.5, 1, 2, 4];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function timeCompile(source, fileName) {
  const options = { fileName, maxSourceBytes: noSizeLimit };
  const first = compile(source, options);
  const errors = first.diagnostics.filter((d) => d.severity === "error").length;
  if (errors > 0)
    throw new Error(`${fileName} has ${errors} errors; the benchmark needs valid worlds`);
  for (let index = 0; index < warmups; index += 1) compile(source, options);
  const times = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    compile(source, options);
    times.push(performance.now() - start);
  }
  return median(times);
}

const round = (value, digits = 3) => Number(value.toFixed(digits));
const results = [];
const table = [];

for (const [name, target] of [
  ["locked-garden", "<= 0.78 ms (reference Rust wasm build)"],
  ["sunken-citadel", "<= 7.2 ms (reference Rust wasm build)"],
]) {
  const source = readFileSync(join(here, "..", "tests", "fixtures", `${name}.urd.md`), "utf8");
  const ms = timeCompile(source, `${name}.urd.md`);
  results.push({ name: `compile ${name}`, value: round(ms), unit: "ms", target });
  table.push([`compile ${name}`, `${ms.toFixed(3)} ms`, target]);
}

const sized = [];
for (const scale of scales) {
  const size = {
    locations: Math.round(defaults.locations * scale),
    entities: Math.round(defaults.entities * scale),
    sections: Math.round(defaults.sections * scale),
  };
  const source = generateWorld(size);
  const ms = timeCompile(source, "generated.urd.md");
  const label = `${size.locations} locations, ${size.entities} entities, ${size.sections} sections`;
  const isDefault = scale === 1;
  const bytes = Buffer.byteLength(source);
  sized.push({ scale, size, ms, bytes, source });
  results.push({
    name: `compile generated world (${label})`,
    value: round(ms),
    unit: "ms",
    target: isDefault ? "<= 600 ms (reference Rust wasm build)" : "linear growth with world size",
  });
  table.push([
    `compile generated x${scale} (${label}; ${(bytes / 1024).toFixed(0)} KiB)`,
    `${ms.toFixed(1)} ms`,
    isDefault ? "<= 600 ms" : "linear",
  ]);
}

for (const { size, ms } of sized) {
  const perThousand = (ms / size.locations) * 1000;
  results.push({
    name: `compile time per 1,000 locations at ${size.locations} locations`,
    value: round(perThousand),
    unit: "ms",
    target: "about constant across sizes (linear growth)",
  });
  table.push([
    `  per 1,000 locations at ${size.locations}`,
    `${perThousand.toFixed(1)} ms`,
    "constant",
  ]);
}
const smallest = sized[0];
const largest = sized[sized.length - 1];
const growth = largest.ms / largest.size.locations / (smallest.ms / smallest.size.locations);
results.push({
  name: `growth linearity (cost per location at ${largest.size.locations} / at ${smallest.size.locations} locations)`,
  value: round(growth),
  unit: "ratio",
  target: "about 1 (linear); > 2 would suggest super-linear growth",
});
table.push([
  "growth linearity (largest / smallest cost per location)",
  growth.toFixed(2),
  "about 1",
]);

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
