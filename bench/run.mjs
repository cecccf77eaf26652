#!/usr/bin/env node
// The benchmark harness: cross-package comparisons against a bare-SDK floor, measured side by
// side in one run, then every package's own benchmark. Writes results/latest.json and
// results/latest.md. `--quick` does fewer rounds.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compareCalls, connectHttp, connectStdio } from "./lib/measure-calls.mjs";

const quick = process.argv.includes("--quick");
const root = fileURLToPath(new URL("..", import.meta.url));
const floorServer = fileURLToPath(new URL("./lib/floor-server.mjs", import.meta.url));
const kitFixture = `${root}packages/kit/tests/fixture/fixture-server.mjs`;

const TOOL_CALL_TARGET = 1.15;
const results = [];

async function compareTransport(transport) {
  const connect = transport === "stdio" ? connectStdio : connectHttp;
  const kit = await connect([kitFixture]);
  const floor = await connect([floorServer]);
  try {
    const [kitUs, floorUs] = await compareCalls(
      [kit, floor],
      (client, index) => client.callTool({ name: "add", arguments: { a: index % 100, b: 1 } }),
      quick
        ? { rounds: 5, callsPerRound: 100, warmup: 100 }
        : { rounds: 15, callsPerRound: 300, warmup: 500 },
    );
    results.push({
      group: "kit",
      name: `tool call over ${transport}: kit vs bare SDK`,
      value: Number((kitUs / floorUs).toFixed(3)),
      unit: "x floor",
      detail: `kit ${kitUs.toFixed(0)} us, bare SDK ${floorUs.toFixed(0)} us per call`,
      target: `<= ${TOOL_CALL_TARGET}`,
      met: kitUs / floorUs <= TOOL_CALL_TARGET,
    });
  } finally {
    await kit.close();
    await floor.close();
  }
}

function runPackageBenchmarks() {
  for (const folder of ["packages", "apps"]) {
    const base = `${root}${folder}`;
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const script = `${base}/${name}/bench/run.mjs`;
      if (!existsSync(script)) continue;
      process.stderr.write(`\n== ${folder}/${name} ==\n`);
      const run = spawnSync(process.execPath, [script, ...(quick ? ["--quick"] : [])], {
        cwd: `${base}/${name}`,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      });
      const lastLine = run.stdout.trim().split("\n").pop() ?? "";
      try {
        const report = JSON.parse(lastLine);
        for (const entry of report.results) results.push({ group: report.package, ...entry });
      } catch {
        results.push({
          group: `${folder}/${name}`,
          name: "benchmark failed",
          value: run.status ?? -1,
          unit: "exit",
        });
      }
    }
  }
}

function markdownTable() {
  const lines = [
    "| group | measure | value | unit | target | detail |",
    "|---|---|---|---|---|---|",
  ];
  for (const entry of results) {
    const target = entry.target ? `${entry.target}${entry.met === false ? " (missed)" : ""}` : "";
    lines.push(
      `| ${entry.group} | ${entry.name} | ${entry.value} | ${entry.unit} | ${target} | ${entry.detail ?? ""} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}

process.stderr.write(`tool calls, kit vs bare SDK${quick ? " (quick)" : ""}\n`);
await compareTransport("stdio");
await compareTransport("http");
runPackageBenchmarks();

const report = { date: new Date().toISOString(), node: process.version, quick, results };
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/latest.json`, `${JSON.stringify(report, null, 2)}\n`);
const table = markdownTable();
writeFileSync(`${root}bench/results/latest.md`, table);
process.stdout.write(`\n${table}`);
