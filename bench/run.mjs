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

/** Each kit-built server is compared with a bare-SDK floor doing the same work, side by side. */
const COMPARISONS = [
  {
    group: "kit",
    label: "fixture add",
    server: [kitFixture],
    work: "add",
    transports: ["stdio", "http"],
    call: (index) => ({ name: "add", arguments: { a: index % 100, b: 1 } }),
  },
  {
    group: "@tabletop-mcp/duality",
    label: "duality_outcome",
    server: [`${root}packages/duality/dist/cli.js`],
    work: "duality_outcome",
    transports: ["stdio"],
    call: (index) => ({
      name: "duality_outcome",
      arguments: { hope: (index % 12) + 1, fear: 7, modifier: 2, difficulty: 12 },
    }),
  },
  {
    group: "@tabletop-mcp/dice",
    label: "roll_dice 4d6kh3",
    server: [`${root}packages/dice/dist/cli.js`, "--rate-limit-ms", "0"],
    work: "roll_dice",
    transports: ["stdio"],
    call: () => ({
      name: "roll_dice",
      arguments: { dice_count: 4, dice_sides: 6, keep_highest: 3 },
    }),
  },
];

async function compare(comparison, transport) {
  const connect = transport === "stdio" ? connectStdio : connectHttp;
  const subject = await connect(comparison.server);
  const floor = await connect([floorServer, "--work", comparison.work]);
  try {
    const [subjectUs, floorUs] = await compareCalls(
      [subject, floor],
      (client, index) => client.callTool(comparison.call(index)),
      quick
        ? { rounds: 5, callsPerRound: 100, warmup: 100 }
        : { rounds: 15, callsPerRound: 300, warmup: 500 },
    );
    const ratio = subjectUs / floorUs;
    results.push({
      group: comparison.group,
      name: `${comparison.label} over ${transport}: vs bare SDK`,
      value: Number(ratio.toFixed(3)),
      unit: "x floor",
      detail: `${subjectUs.toFixed(0)} us vs bare SDK ${floorUs.toFixed(0)} us per call`,
      target: `<= ${TOOL_CALL_TARGET}`,
      met: ratio <= TOOL_CALL_TARGET,
    });
    process.stderr.write(`  ${comparison.label} over ${transport}: ${ratio.toFixed(3)}x floor\n`);
  } finally {
    await subject.close();
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

process.stderr.write(`tool calls against the bare-SDK floor${quick ? " (quick)" : ""}\n`);
for (const comparison of COMPARISONS) {
  if (!existsSync(comparison.server[0])) continue;
  for (const transport of comparison.transports) await compare(comparison, transport);
}
runPackageBenchmarks();

const report = { date: new Date().toISOString(), node: process.version, quick, results };
mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/latest.json`, `${JSON.stringify(report, null, 2)}\n`);
const table = markdownTable();
writeFileSync(`${root}bench/results/latest.md`, table);
process.stdout.write(`\n${table}`);
