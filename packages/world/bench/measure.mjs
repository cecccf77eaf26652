// Timing helpers of the world bench: stdio connections, medians, and the bare-SDK floor.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";

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
  client.request({ method: "tools/call", params: { name, arguments: args } }, CallToolResultSchema);

/** One call, timed; throws on an error result. */
export async function timedCall(client, name, args, call = callRaw) {
  const start = performance.now();
  const result = await call(client, name, args);
  const elapsed = performance.now() - start;
  if (result.isError)
    throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  return { elapsed, result };
}

/** The median of `calls` calls after `warmup` more. */
export async function medianCall(client, name, args, call, { calls, warmup }) {
  const timings = [];
  for (let index = 0; index < warmup + calls; index++) {
    const { elapsed } = await timedCall(client, name, args, call);
    if (index >= warmup) timings.push(elapsed);
  }
  return median(timings);
}

/**
 * The floor of each recorded answer: a bare SDK server sending the very same result to the same
 * kind of client, timed the same way.
 *
 * @param recorded - [{label, name, arguments, result}]
 * @param directory - where to write the floor server's answers
 */
export async function timeFloors(recorded, directory, counts) {
  const file = join(directory, "floor-answers.json");
  writeFileSync(file, JSON.stringify(recorded));
  const { client } = await connect([FLOOR_SERVER, file], { listTools: false });
  const results = [];
  for (const entry of recorded) {
    const value = await medianCall(client, entry.name, entry.arguments, callRaw, counts);
    const bytes = Buffer.byteLength(JSON.stringify(entry.result.structuredContent));
    results.push({
      name: `${entry.label} p50 bare-SDK floor, same ${(bytes / 1024).toFixed(1)} KiB answer (stdio, raw request)`,
      value,
    });
  }
  await client.close();
  return results;
}
