// Timing helpers of the world bench: stdio connections, medians, and the bare-SDK floor.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

export const CLI_ENTRY = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const FLOOR_SERVER = fileURLToPath(new URL("./floor-server.mjs", import.meta.url));

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Starts `node ...args` and connects a client over its stdio; `pid` is the server's. Listing the
 * tools first makes the client check every structured answer against its output schema.
 */
export async function connect(args, { listTools = true } = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args,
    env: { PATH: process.env.PATH ?? "" },
    stderr: "ignore",
  });
  const client = new Client({ name: "world-bench", version: "1.0.0" });
  await client.connect(transport);
  if (listTools) await client.listTools();
  return { client, pid: transport.pid };
}

/** Connects to the world server on a world file. */
export const connectWorld = (worldPath) => connect([CLI_ENTRY, worldPath]);

/** The resident memory of a process, in MB (Linux). */
export function residentMB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]) / 1024;
}

/** The SDK client's callTool, which checks structuredContent against the outputSchema. */
export const callWithSchemaCheck = (client, name, args) =>
  client.callTool({ name, arguments: args });

/** A raw tools/call request: the same transport and parsing, no output-schema check. */
export const callRaw = (client, name, args) =>
  client.request({ method: "tools/call", params: { name, arguments: args } });

/** One call, timed; throws on an error result. */
export async function timedCall(client, name, args, call = callRaw) {
  const start = performance.now();
  const result = await call(client, name, args);
  const elapsed = performance.now() - start;
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return { elapsed, result };
}

/**
 * Medians of calls made in turns, one call of each contender per round, so that every contender
 * meets the same load on a busy machine: `warmup` rounds, then `calls` timed rounds.
 *
 * @param contenders - [{client, name, args, call}]
 * @returns one median per contender, in order
 */
export async function interleavedMedians(contenders, { calls, warmup }) {
  const timings = contenders.map(() => []);
  for (let round = 0; round < warmup + calls; round++) {
    for (const [index, contender] of contenders.entries()) {
      const { client, name, args, call } = contender;
      const { elapsed } = await timedCall(client, name, args, call);
      if (round >= warmup) timings[index].push(elapsed);
    }
  }
  return timings.map(median);
}

/**
 * A bare SDK server that sends each recorded answer, byte for byte, when asked the same question:
 * the floor any SDK server over stdio pays for those bytes.
 *
 * @param recorded - [{name, arguments, result}]
 * @param directory - where to write the floor server's answers
 * @returns the connected client
 */
export async function connectFloor(recorded, directory) {
  const file = join(directory, "floor-answers.json");
  writeFileSync(file, JSON.stringify(recorded));
  return (await connect([FLOOR_SERVER, file], { listTools: false })).client;
}
