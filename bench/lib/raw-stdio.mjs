// A minimal MCP client over stdio written on raw JSON-RPC lines, so that timings of a child
// process (start-up, memory) are not mixed with the cost of a client library in this process.
import { spawn } from "node:child_process";

export const PROTOCOL_VERSION = "2025-11-25";

/** The initialize request every measurement sends first. */
export function initializeRequest(id) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "tabletop-bench", version: "1.0.0" },
    },
  };
}

/**
 * Spawns `node <args>` and returns a handle that sends JSON-RPC messages and awaits answers by
 * id. `spawnedAt` is taken just before the spawn, for start-up timings.
 */
export function spawnStdio(args, { env, cwd } = {}) {
  const spawnedAt = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    stdio: ["pipe", "pipe", "pipe"],
    env: env ? { ...process.env, ...env } : process.env,
    cwd,
  });
  const waiting = new Map();
  let buffered = "";
  let stderr = "";
  let exited = false;
  child.stderr.on("data", (chunk) => {
    if (stderr.length < 4000) stderr += chunk.toString();
  });
  child.stdout.on("data", (chunk) => {
    const arrivedAt = process.hrtime.bigint();
    buffered += chunk.toString();
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
      let message;
      try {
        message = JSON.parse(line);
      } catch {
        continue;
      }
      const waiter = message.id === undefined ? undefined : waiting.get(message.id);
      if (waiter && (message.result !== undefined || message.error !== undefined)) {
        waiting.delete(message.id);
        waiter.resolve({ message, arrivedAt });
      }
    }
  });
  child.once("exit", (code, signal) => {
    exited = true;
    for (const waiter of waiting.values()) {
      waiter.reject(new Error(`${args.join(" ")} exited (${code ?? signal}): ${stderr.trim()}`));
    }
    waiting.clear();
  });
  child.stdin.on("error", () => {});

  const handle = {
    child,
    spawnedAt,
    get stderr() {
      return stderr;
    },
    send(message) {
      child.stdin.write(`${JSON.stringify(message)}\n`);
    },
    /** Sends a request and resolves with `{ message, arrivedAt }` once its answer arrives. */
    request(message, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        if (exited) {
          reject(new Error(`${args.join(" ")} has exited: ${stderr.trim()}`));
          return;
        }
        const timer = setTimeout(() => {
          waiting.delete(message.id);
          reject(new Error(`no answer to ${message.method} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.set(message.id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        handle.send(message);
      });
    },
    /** Closes stdin and waits for the exit, killing the child if it lingers. */
    async close() {
      if (exited) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await gone;
      clearTimeout(timer);
    },
  };
  return handle;
}

/** Initializes a stdio handle as a client would: initialize, then the initialized notification. */
export async function initialize(handle) {
  const answer = await handle.request(initializeRequest(0));
  if (answer.message.error) throw new Error(`initialize failed: ${answer.message.error.message}`);
  handle.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return answer;
}
