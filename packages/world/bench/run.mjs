// Benchmarks of the world server. Run after a build: `node bench/run.mjs [--quick]`.
// A human table goes to stderr; the last stdout line is one JSON object for the harness.
//
// On the world the shared generator makes by default (2,000 locations, 500 entities, 1,000
// sections) each query is timed through stdio with the SDK client's callTool (which also
// validates structuredContent against the tool's outputSchema) and with a raw tools/call request
// (the same transport and parsing, no output-schema check), and once, first, before any answer
// is cached. Whole-graph questions answer with their first page; those pages and the
// neighbourhoods are also sent, byte for byte, by a bare SDK server (bench/floor-server.mjs) to
// the same kind of client: the floor any SDK server over stdio pays for those bytes. The three
// are called in turns, one call each per round, so that they meet the same load.
//
// On a chain of 6,000 rooms, whose shortest paths together would take some 200 MB, every page of
// the reachable set and of the exit graph is fetched once, uncached, and the server's memory read.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { generateWorld } from "../../urd/bench/generate-world.mjs";
import { loadWorldFile } from "../dist/index.js";
import { chainWorld } from "./chain-world.mjs";
import {
  callRaw,
  callWithSchemaCheck,
  connectFloor,
  connectWorld,
  interleavedMedians,
  median,
  residentMB,
  timedCall,
} from "./measure.mjs";

const quick = process.argv.includes("--quick");
const STARTS = quick ? 3 : 7;
const COUNTS = { calls: quick ? 15 : 60, warmup: 3 };

const directory = mkdtempSync(join(tmpdir(), "world-bench-"));
const worldPath = join(directory, "generated-world.urd.md");
writeFileSync(worldPath, generateWorld());
const chainPath = join(directory, "chain.urd.md");
writeFileSync(chainPath, chainWorld(6000));

/** [tool, arguments, label, measured against the floor] */
const QUERIES = [
  ["get_world_metadata", {}],
  ["get_exit_graph", {}, "get_exit_graph, first page", true],
  [
    "get_exit_graph",
    { around: "room-1000", radius: 2 },
    "get_exit_graph, radius-2 neighbourhood",
    true,
  ],
  ["get_dialogue_graph", {}, "get_dialogue_graph, first page", true],
  [
    "get_dialogue_graph",
    { section_prefix: "generated-world/s42" },
    "get_dialogue_graph, section_prefix",
    true,
  ],
  ["get_entity_details", { entity_id: "@g1" }],
  [
    "get_property_dependencies",
    { entity_type: "Guard", property: "trust" },
    "get_property_dependencies, first page",
    true,
  ],
  ["get_reachable_locations", { from: "room-1" }, "get_reachable_locations, first page", true],
  [
    "get_reachable_locations",
    { from: "room-1", include_paths: false },
    "get_reachable_locations, parents, first page",
    true,
  ],
  [
    "get_reachable_locations",
    { from: "room-1", respect_conditions: true, state: { "@d1.locked": false } },
    "get_reachable_locations (respect_conditions), first page",
    true,
  ],
  ["get_choice_conditions", { section: "generated-world/s1" }],
  ["get_diagnostics", {}],
];

/** Spawn, initialize and answer one tool call: what a client waits for after launching us. */
async function timeStartup(path) {
  const start = performance.now();
  const { client } = await connectWorld(path);
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

/** The first call of each query, before anything is cached; answers to send from the floor. */
async function firstCalls(client) {
  const results = [];
  const recorded = [];
  for (const [name, args, label = name, floor] of QUERIES) {
    const { elapsed, result } = await timedCall(client, name, args);
    results.push({ name: `${label} first call, not cached (stdio)`, value: elapsed });
    if (floor) recorded.push({ name, arguments: args, result });
  }
  return { results, recorded };
}

async function timeQueries() {
  const { client, pid } = await connectWorld(worldPath);
  const { results, recorded } = await firstCalls(client);
  const floor = await connectFloor(recorded, directory);
  for (const [name, args, label = name, floored] of QUERIES) {
    const contenders = [
      { client, name, args, call: callWithSchemaCheck },
      { client, name, args, call: callRaw },
      ...(floored ? [{ client: floor, name, args, call: callRaw }] : []),
    ];
    const [checked, raw, bare] = await interleavedMedians(contenders, COUNTS);
    results.push(
      {
        name: `${label} p50 (stdio, SDK callTool with outputSchema check)`,
        value: checked,
        target: "< 5 ms",
      },
      {
        name: `${label} p50 (stdio, raw request, no outputSchema check)`,
        value: raw,
        target: "< 5 ms",
      },
    );
    if (bare !== undefined) {
      const answer = recorded.find((entry) => entry.name === name && entry.arguments === args);
      const kib = Buffer.byteLength(JSON.stringify(answer?.result.structuredContent)) / 1024;
      results.push({
        name: `${label} p50 bare-SDK floor, same ${kib.toFixed(1)} KiB answer (stdio, raw request)`,
        value: bare,
      });
    }
  }
  results.push({
    name: "server memory after the queries (VmRSS)",
    value: residentMB(pid),
    unit: "MB",
  });
  await floor.close();
  await client.close();
  return results;
}

/** Fetches every page of an answer once, timing each call. */
async function walkPages(client, name, args) {
  const timings = [];
  let cursor = null;
  do {
    const { elapsed, result } = await timedCall(client, name, cursor ? { ...args, cursor } : args);
    timings.push(elapsed);
    cursor = result.structuredContent.page?.next_cursor ?? null;
  } while (cursor !== null);
  return timings;
}

async function timeChain() {
  const { client, pid } = await connectWorld(chainPath);
  const results = [];
  const walks = [
    ["get_reachable_locations", { from: "room-1", include_paths: false }, "every page of parents"],
    ["get_exit_graph", {}, "every page of the exit graph"],
  ];
  for (const [name, args, label] of walks) {
    const timings = await walkPages(client, name, args);
    results.push({
      name: `chain of 6,000 rooms: ${label} (${timings.length} pages), slowest call`,
      value: Math.max(...timings),
      target: "< 100 ms",
    });
  }
  const { elapsed } = await timedCall(client, "get_reachable_locations", { from: "room-1" });
  results.push({
    name: "chain of 6,000 rooms: first page of shortest paths, first call",
    value: elapsed,
    target: "< 100 ms",
  });
  results.push({
    name: "chain of 6,000 rooms: server memory after the walks (VmRSS)",
    value: residentMB(pid),
    unit: "MB",
    target: "< 200 MB",
  });
  await client.close();
  return results;
}

const compileTimes = [];
for (let run = 0; run < STARTS; run++) compileTimes.push(timeCompile());
const startTimes = [];
for (let run = 0; run < STARTS; run++) startTimes.push(await timeStartup(worldPath));
const queryResults = await timeQueries();
const chainResults = await timeChain();
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
  ...[...queryResults, ...chainResults].map((result) => ({
    unit: "ms",
    ...result,
    value: round(result.value),
  })),
];

const width = Math.max(...results.map((result) => result.name.length));
process.stderr.write(`@tabletop-mcp/world on the generated world${quick ? " (quick)" : ""}\n`);
for (const result of results) {
  const value = `${result.value} ${result.unit}`.padStart(12);
  process.stderr.write(`  ${result.name.padEnd(width)}  ${value}  ${result.target ?? ""}\n`);
}
process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/world", results })}\n`);
