// Benchmarks of the world server on a large generated world (2,000 locations, 500 entities,
// 1,000 sections). Run after a build: `node bench/run.mjs [--quick]`.
// A human table goes to stderr; the last stdout line is one JSON object for the harness.
//
// Each query is timed three ways through stdio: with the SDK client's callTool (which also
// validates structuredContent against the tool's outputSchema), with a raw tools/call request
// (the same transport and parsing, no output-schema check), and once, first, before any answer
// is cached. The whole-graph answers are close to 1 MB and travel twice (structuredContent and
// the same JSON as text), so they are also sent by a bare SDK server (bench/floor-server.mjs)
// to the same client: the floor any SDK server over stdio pays for those bytes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { generateWorld } from "../../urd/bench/generate-world.mjs";
import { loadWorldFile } from "../dist/index.js";

const quick = process.argv.includes("--quick");
const STARTS = quick ? 3 : 7;
const CALLS = quick ? 15 : 60;
const WARMUP = 3;
const CLI_ENTRY = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const FLOOR_SERVER = fileURLToPath(new URL("./floor-server.mjs", import.meta.url));

const directory = mkdtempSync(join(tmpdir(), "world-bench-"));
const worldPath = join(directory, "generated-world.urd.md");
writeFileSync(worldPath, generateWorld());

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function connect(args = [CLI_ENTRY, worldPath]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { PATH: process.env.PATH ?? "" },
    stderr: "ignore",
  });
  const client = new Client({ name: "world-bench", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Spawn, initialize and answer one tool call: what a client waits for after launching us. */
async function timeStartup() {
  const start = performance.now();
  const client = await connect();
  await client.callTool({ name: "get_world_metadata", arguments: {} });
  const elapsed = performance.now() - start;
  await client.close();
  return elapsed;
}

function timeCompile() {
  const start = performance.now();
  loadWorldFile(worldPath);
  return performance.now() - start;
}

/** [tool, arguments, label, whole-graph answer measured against the floor] */
const QUERIES = [
  ["get_world_metadata", {}],
  ["get_exit_graph", {}, "get_exit_graph", true],
  ["get_dialogue_graph", {}, "get_dialogue_graph", true],
  ["get_entity_details", { entity_id: "@g1" }],
  ["get_property_dependencies", { entity_type: "Guard", property: "trust" }],
  ["get_reachable_locations", { from: "room-1" }, "get_reachable_locations", true],
  [
    "get_reachable_locations",
    { from: "room-1", respect_conditions: true, state: { "@d1.locked": false } },
    "get_reachable_locations (respect_conditions)",
    true,
  ],
  ["get_choice_conditions", { section: "generated-world/s1" }],
  ["get_diagnostics", {}],
];

const callWithSchemaCheck = (client, name, args) => client.callTool({ name, arguments: args });
const callRaw = (client, name, args) =>
  client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema);

async function medianCall(client, name, args, call) {
  const timings = [];
  for (let index = 0; index < WARMUP + CALLS; index++) {
    const start = performance.now();
    const result = await call(client, name, args);
    const elapsed = performance.now() - start;
    if (result.isError)
      throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
    if (index >= WARMUP) timings.push(elapsed);
  }
  return median(timings);
}

/** The floor for each whole-graph query: a bare SDK server sending the very same result. */
async function timeFloors(answers) {
  const results = [];
  for (const [label, result] of answers) {
    const file = join(directory, "floor-result.json");
    writeFileSync(file, JSON.stringify({ [result.name]: result.result }));
    const floor = await connect([FLOOR_SERVER, file]);
    const value = await medianCall(floor, result.name, result.args, callRaw);
    await floor.close();
    const bytes = JSON.stringify(result.result).length;
    results.push({
      name: `${label} p50 bare-SDK floor, same ${(bytes / 1e6).toFixed(2)} MB result (stdio, raw request)`,
      value,
    });
  }
  return results;
}

async function timeQueries() {
  const client = await connect();
  await client.listTools();
  const results = [];
  const wholeGraphAnswers = new Map();
  for (const [name, args, label = name] of QUERIES) {
    const start = performance.now();
    const first = await callRaw(client, name, args);
    results.push({
      name: `${label} first call, not cached (stdio)`,
      value: performance.now() - start,
    });
    if (QUERIES.find((query) => query[2] === label)?.[3]) {
      wholeGraphAnswers.set(label, { name, args, result: first });
    }
  }
  for (const [name, args, label = name] of QUERIES) {
    results.push({
      name: `${label} p50 (stdio, SDK callTool with outputSchema check)`,
      value: await medianCall(client, name, args, callWithSchemaCheck),
      target: "< 5 ms",
    });
    results.push({
      name: `${label} p50 (stdio, raw request, no outputSchema check)`,
      value: await medianCall(client, name, args, callRaw),
      target: "< 5 ms",
    });
  }
  await client.close();
  return [...results, ...(await timeFloors(wholeGraphAnswers))];
}

const compileTimes = [];
for (let run = 0; run < STARTS; run++) compileTimes.push(timeCompile());
const startTimes = [];
for (let run = 0; run < STARTS; run++) startTimes.push(await timeStartup());
const queryResults = await timeQueries();
rmSync(directory, { recursive: true, force: true });

const round = (value) => Number(value.toFixed(2));
const results = [
  {
    name: "start-up to first answer (stdio)",
    value: round(median(startTimes)),
    unit: "ms",
    target: "< 500 ms",
  },
  { name: "compile alone (in process)", value: round(median(compileTimes)), unit: "ms" },
  ...queryResults.map((result) => ({ ...result, value: round(result.value), unit: "ms" })),
];

const width = Math.max(...results.map((result) => result.name.length));
process.stderr.write(`@tabletop-mcp/world on the generated world${quick ? " (quick)" : ""}\n`);
for (const result of results) {
  const value = `${result.value} ${result.unit}`.padStart(12);
  process.stderr.write(`  ${result.name.padEnd(width)}  ${value}  ${result.target ?? ""}\n`);
}
process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/world", results })}\n`);
