// Measures tool-call latency of MCP servers started as real child processes, interleaving the
// contenders round by round so that machine noise hits them alike.
import { spawn } from "node:child_process";
import {
  Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { pinnedServerCommand } from "./cpu-pinning.mjs";

/** The modern-era revision a client pins with `era: "modern"`. */
export const MODERN_REVISION = "2026-07-28";

/**
 * An SDK client: 2025 era (`initialize`, the SDK's default) unless `era` is `"modern"`, which
 * pins the 2026-07-28 revision (no fallback: connecting fails if the server lacks it).
 */
function newClient(era = "legacy") {
  const options =
    era === "modern" ? { versionNegotiation: { mode: { pin: MODERN_REVISION } } } : {};
  return new Client({ name: "bench", version: "1.0.0" }, options);
}

/**
 * Starts a server command over stdio and returns a connected client. With `pinned`, the server
 * runs on the server CPU of lib/cpu-pinning.mjs; `era` as in newClient.
 */
export async function connectStdio(command, env, { pinned = false, era } = {}) {
  const spawned = pinned
    ? pinnedServerCommand(command)
    : { command: process.execPath, args: command };
  const transport = new StdioClientTransport({
    ...spawned,
    stderr: "ignore",
    ...(env ? { env: { ...process.env, ...env } } : {}),
  });
  const client = newClient(era);
  await client.connect(transport);
  return { client, close: () => client.close() };
}

/**
 * Connects to a running endpoint: Streamable HTTP, or the legacy HTTP+SSE transport; `era` as
 * in newClient. Retries for up to 10 s, for servers that announce themselves a moment before
 * they listen.
 */
export async function connectUrl(url, kind = "streamable-http", { era } = {}) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = newClient(era);
    const transport =
      kind === "sse"
        ? new SSEClientTransport(new URL(url))
        : new StreamableHTTPClientTransport(new URL(url));
    try {
      await client.connect(transport);
      return { client, close: () => client.close() };
    } catch (error) {
      await client.close().catch(() => {});
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
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
 * Runs `rounds` rounds; in each, every contender makes `callsPerRound` sequential calls, the
 * order reversed every other round. Returns each contender's p50 and p99 per-call latency in
 * microseconds over all measured calls (a percentile, so bursts of machine noise move it less
 * than a mean).
 */
export async function compareCallLatencies(contenders, call, { rounds, callsPerRound, warmup }) {
  for (const contender of contenders) {
    for (let index = 0; index < warmup; index++) await call(contender, index);
  }
  const samples = contenders.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders.keys() : [...contenders.keys()].reverse();
    for (const position of order) {
      const contender = contenders[position];
      for (let index = 0; index < callsPerRound; index++) {
        const started = process.hrtime.bigint();
        const result = await call(contender, index);
        samples[position].push(Number(process.hrtime.bigint() - started) / 1000);
        if (result?.isError) throw new Error(`${contender.label}: ${JSON.stringify(result)}`);
      }
    }
  }
  return samples.map((values) => {
    const sorted = values.sort((a, b) => a - b);
    const rank = (p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
    return { p50Us: rank(50), p99Us: rank(99), calls: sorted.length };
  });
}
