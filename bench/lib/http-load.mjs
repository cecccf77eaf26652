// Streamable HTTP load on raw node:http (no client library in the loop): each virtual client is
// one MCP session making sequential tools/call requests. Contenders take turns in time slices
// so that machine noise falls on them alike.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { initializeRequest, PROTOCOL_VERSION } from "./raw-stdio.mjs";

/** Starts `node <args> --transport http --port 0` and resolves once it names its URL. */
export function startHttpServer(args, { env } = {}) {
  const child = spawn(process.execPath, [...args, "--transport", "http", "--port", "0"], {
    stdio: ["ignore", "ignore", "pipe"],
    env: env ? { ...process.env, ...env } : process.env,
  });
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args.join(" ")} named no URL within 30 s: ${text}`));
    }, 30_000);
    child.stderr.on("data", (chunk) => {
      text += chunk.toString();
      const match = /listening on (\S+)/.exec(text);
      if (match) {
        clearTimeout(timer);
        resolve({ url: new URL(match[1]), child, close: () => stopChild(child) });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(" ")} exited with ${code}: ${text}`));
    });
  });
}

/** SIGTERM, then SIGKILL if the child has not gone within 5 s. */
export async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await gone;
  clearTimeout(timer);
}

function post(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const outgoing = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(payload);
  });
}

/** The JSON-RPC answer with `id` from a JSON or SSE response body. */
function answerOf(response, id) {
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${response.text}`);
  const type = String(response.headers["content-type"] ?? "");
  const messages = type.includes("text/event-stream")
    ? response.text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => JSON.parse(line.slice(5)))
    : [JSON.parse(response.text)].flat();
  const answer = messages.find((message) => message.id === id);
  if (!answer) throw new Error(`no answer with id ${id} in ${response.text.slice(0, 200)}`);
  return answer;
}

/** Opens one MCP session on a Streamable HTTP endpoint. */
async function openSession(agent, url) {
  const opened = await post(agent, url, {}, initializeRequest(0));
  answerOf(opened, 0);
  const sessionId = opened.headers["mcp-session-id"];
  const headers = { "mcp-protocol-version": PROTOCOL_VERSION };
  if (typeof sessionId === "string") headers["mcp-session-id"] = sessionId;
  await post(agent, url, headers, { jsonrpc: "2.0", method: "notifications/initialized" });
  let nextId = 1;
  return {
    /** Makes one tools/call; resolves true when the result is not an error. */
    async callTool(params) {
      const id = nextId++;
      const response = await post(agent, url, headers, {
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params,
      });
      const answer = answerOf(response, id);
      return answer.result !== undefined && answer.result.isError !== true;
    },
  };
}

const CLOCK_TICKS_PER_SECOND =
  Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim()) || 100;

/** User plus system CPU time a process has used so far, in microseconds (Linux /proc). */
function processCpuMicroseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1e6) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Prepares a contender: `clients` sessions on `url` served by process `pid`, each calling
 * `call(index)` in turn. Returns an object that `runSlices` drives.
 */
export async function prepareLoad(url, clients, call, pid) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const sessions = [];
  for (let index = 0; index < clients; index++) sessions.push(await openSession(agent, url));
  return {
    sessions,
    call,
    agent,
    pid,
    serverCpuUs: 0,
    clientCpuUs: 0,
    calls: 0,
    errors: 0,
    elapsedMs: 0,
    latenciesUs: [],
  };
}

async function runSlice(load, sliceMs) {
  const started = performance.now();
  const deadline = started + sliceMs;
  const serverCpuBefore = processCpuMicroseconds(load.pid);
  const clientCpuBefore = process.cpuUsage();
  let callIndex = 0;
  await Promise.all(
    load.sessions.map(async (session) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        let ok = false;
        try {
          ok = await session.callTool(load.call(callIndex++));
        } catch {
          ok = false;
        }
        load.latenciesUs.push((performance.now() - sent) * 1000);
        load.calls++;
        if (!ok) load.errors++;
      }
    }),
  );
  load.elapsedMs += performance.now() - started;
  load.serverCpuUs += processCpuMicroseconds(load.pid) - serverCpuBefore;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  load.clientCpuUs += clientCpu.user + clientCpu.system;
}

/**
 * Runs `slices` turns; in each, every contender has all its clients calling for `sliceMs`,
 * alternating the order from turn to turn, after a discarded warm-up of `warmupMs` each.
 */
export async function runSlices(loads, { slices, sliceMs, warmupMs }) {
  for (const load of loads) {
    await runSlice(load, warmupMs);
    Object.assign(load, {
      calls: 0,
      errors: 0,
      elapsedMs: 0,
      latenciesUs: [],
      serverCpuUs: 0,
      clientCpuUs: 0,
    });
  }
  for (let slice = 0; slice < slices; slice++) {
    const order = slice % 2 === 0 ? loads : [...loads].reverse();
    for (const load of order) await runSlice(load, sliceMs);
  }
  return loads.map((load) => {
    load.agent.destroy();
    const sorted = load.latenciesUs.sort((a, b) => a - b);
    return {
      callsPerSecond: (load.calls / load.elapsedMs) * 1000,
      calls: load.calls,
      errors: load.errors,
      p50Ms: percentile(sorted, 50) / 1000,
      p99Ms: percentile(sorted, 99) / 1000,
      serverCpuUsPerCall: load.serverCpuUs / load.calls,
      clientCpuShare: load.clientCpuUs / 1000 / load.elapsedMs,
    };
  });
}

/** Nearest-rank percentile of an ascending list. */
function percentile(sorted, rank) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)];
}
