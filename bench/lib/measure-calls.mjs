// Measures tool-call latency of MCP servers started as real child processes, interleaving the
// contenders round by round so that machine noise hits them alike.
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** Starts a server command over stdio and returns a connected client. */
export async function connectStdio(command) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: command,
    stderr: "ignore",
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/** Starts a server command over HTTP on a free port and returns a connected client. */
export async function connectHttp(command) {
  const child = spawn(process.execPath, [...command, "--transport", "http", "--port", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const url = await new Promise((resolve, reject) => {
    let text = "";
    child.stderr.on("data", (chunk) => {
      text += chunk.toString();
      const match = /listening on (\S+)/.exec(text);
      if (match) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${text}`)));
  });
  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return {
    client,
    close: async () => {
      await client.close();
      child.kill("SIGTERM");
    },
  };
}

/**
 * Runs `rounds` rounds; in each, every contender makes `callsPerRound` sequential calls.
 * Returns each contender's median per-call time over the rounds, in microseconds.
 */
export async function compareCalls(contenders, call, { rounds, callsPerRound, warmup }) {
  for (const contender of contenders) {
    for (let index = 0; index < warmup; index++) await call(contender.client, index);
  }
  const samples = contenders.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders.keys() : [...contenders.keys()].reverse();
    for (const position of order) {
      const { client } = contenders[position];
      const started = process.hrtime.bigint();
      for (let index = 0; index < callsPerRound; index++) await call(client, index);
      const elapsed = Number(process.hrtime.bigint() - started) / 1000 / callsPerRound;
      samples[position].push(elapsed);
    }
  }
  return samples.map(median);
}

/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
