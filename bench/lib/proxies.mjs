// Starting proxies in front of the dice server: our gateway (in-process builtin, or fronting a
// stdio child) and npm-installed peers (mcp-hub, an aggregator; mcp-proxy, a stdio-to-HTTP
// bridge), each configured to front the very same dice command.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./commands.mjs";
import { stopChild } from "./http-load.mjs";

/** A scratch folder removed at exit: gateway configs, and state folders peers insist on. */
const scratch = mkdtempSync(join(tmpdir(), "tabletop-bench-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

/**
 * Environment for commands that write per-user state by default (the gateway's default
 * campaign database, mcp-hub's workspace cache): point it at the scratch folder.
 */
export const scratchEnv = {
  XDG_DATA_HOME: join(scratch, "data"),
  XDG_STATE_HOME: join(scratch, "state"),
  XDG_CONFIG_HOME: join(scratch, "config"),
};

let configCount = 0;

/** Writes a gateway config file with these `mcpServers` and returns its path. */
export function gatewayConfig(mcpServers) {
  const file = join(scratch, `gateway-${configCount++}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers }));
  return file;
}

/** The gateway entry that runs the dice command as a stdio child. */
export function diceChildEntry(diceFile) {
  return { command: process.execPath, args: [diceFile, "--rate-limit-ms", "0"] };
}

/** The file of an npm-installed command in the bench workspace, or null. */
function installedBin(name, command) {
  const folder = `${root}bench/node_modules/${name}`;
  if (!existsSync(`${folder}/package.json`)) return null;
  const manifest = JSON.parse(readFileSync(`${folder}/package.json`, "utf8"));
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[command];
  return bin ? join(folder, bin) : null;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns a command and waits until its output matches `ready`. */
function startUntil(args, ready, env) {
  const child = spawn(process.execPath, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${args[0]} was not ready within 30 s: ${text.slice(-500)}`));
    }, 30_000);
    const watch = (chunk) => {
      if (text.length < 100_000) text += chunk.toString();
      if (ready.test(text)) {
        clearTimeout(timer);
        resolve({ child, close: () => stopChild(child) });
      }
    };
    child.stdout.on("data", watch);
    child.stderr.on("data", watch);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited with ${code}: ${text.slice(-500)}`));
    });
  });
}

/**
 * mcp-hub (an aggregator) fronting the dice command; it serves the legacy HTTP+SSE transport
 * at /mcp and prefixes tool names with the server name.
 */
export async function startMcpHub(diceFile) {
  const bin = installedBin("mcp-hub", "mcp-hub");
  if (!bin) throw new Error("mcp-hub is not installed in the bench workspace");
  const config = join(scratch, "mcp-hub.json");
  writeFileSync(config, JSON.stringify({ mcpServers: { dice: diceChildEntry(diceFile) } }));
  const port = await freePort();
  const started = await startUntil(
    [bin, "--port", String(port), "--config", config],
    /servers started successfully/,
    scratchEnv,
  );
  return { ...started, url: `http://127.0.0.1:${port}/mcp`, kind: "sse", tool: "dice__roll_dice" };
}

/** mcp-proxy (a stdio-to-Streamable-HTTP bridge) fronting the dice command. */
export async function startMcpProxy(diceFile) {
  const bin = installedBin("mcp-proxy", "mcp-proxy");
  if (!bin) throw new Error("mcp-proxy is not installed in the bench workspace");
  const port = await freePort();
  const started = await startUntil(
    [
      bin,
      "--port",
      String(port),
      "--host",
      "127.0.0.1",
      "--",
      process.execPath,
      diceFile,
      "--rate-limit-ms",
      "0",
    ],
    /starting server on port/,
    scratchEnv,
  );
  return {
    ...started,
    url: `http://127.0.0.1:${port}/mcp`,
    kind: "streamable-http",
    tool: "roll_dice",
  };
}
