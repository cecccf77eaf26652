// Compiles one world file in a fresh process and prints its memory use as JSON:
// peak RSS of the process, RSS before compiling, and heap still in use while
// the compilation result is alive. Run by bench/run.mjs.
import { readFileSync } from "node:fs";
import { compile } from "../dist/index.js";

const [path] = process.argv.slice(2);
const source = readFileSync(path, "utf8");
const mib = (bytes) => bytes / 1024 / 1024;
const before = process.resourceUsage().maxRSS * 1024;
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const result = compile(source, { fileName: "generated.urd.md", maxSourceBytes: 64 * 1024 * 1024 });
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed;
const peak = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  `${JSON.stringify({
    errors: result.diagnostics.filter((d) => d.severity === "error").length,
    rssBeforeMiB: mib(before),
    peakRssMiB: mib(peak),
    retainedHeapMiB: mib(heapAfter - heapBefore),
  })}\n`,
);
