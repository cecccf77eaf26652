// HAProxy in front of campaign replicas, with a generated configuration, in plain JavaScript so
// that `pnpm start:scale` (run by node without a compiler) shares it with the tests.
// Types: haproxy.d.mts.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The header each answer carries naming the replica that served it (`r1`, `r2`…). */
export const SERVED_BY_HEADER = "x-served-by";

/**
 * The `haproxy` program: on the PATH or where Debian installs it.
 *
 * @returns its path, or undefined when there is none
 */
export function findHaproxy() {
  for (const candidate of ["haproxy", "/usr/sbin/haproxy", "/usr/local/sbin/haproxy"]) {
    const probe = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * The configuration the README documents for sticky sessions: the replica that answered a
 * session's `initialize` is remembered under the `mcp-session-id` it returned, and every later
 * request carrying that header goes to it. Requests without one (a new session) take turns.
 */
function configuration(port, replicas, balancing) {
  const stickiness =
    balancing === "sticky"
      ? [
          "  stick-table type string len 64 size 100k expire 1h",
          "  stick on req.hdr(mcp-session-id)",
          "  stick store-response res.hdr(mcp-session-id)",
        ]
      : // A replica that refuses connections (killed) is skipped: the request goes to the next.
        ["  retries 3", "  option redispatch 1"];
  return [
    "global",
    "  maxconn 256",
    "defaults",
    "  mode http",
    "  timeout connect 5s",
    "  timeout client 5m",
    "  timeout server 5m",
    "frontend mcp",
    `  bind 127.0.0.1:${port}`,
    "  default_backend replicas",
    "backend replicas",
    "  balance roundrobin",
    ...stickiness,
    `  http-response set-header ${SERVED_BY_HEADER} %s`,
    ...replicas.map((replica, index) => `  server r${index + 1} ${replica.host}`),
    "",
  ].join("\n");
}

function acceptsConnections(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

async function waitUntilListening(child, port) {
  const deadline = Date.now() + 20_000;
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("haproxy did not start listening in 20 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts HAProxy in the foreground with a generated configuration, on a free loopback port,
 * in front of the replicas (which must all serve the same path).
 *
 * @param {string} program - the `haproxy` program
 * @param {readonly string[]} replicaUrls - the replicas' MCP endpoints
 * @param {"sticky" | "roundrobin"} balancing - sticky on `mcp-session-id`, or plain round robin
 * @returns the balancer's endpoint and how to stop it
 */
export async function startHaproxy(program, replicaUrls, balancing) {
  const replicas = replicaUrls.map((url) => new URL(url));
  const directory = mkdtempSync(join(tmpdir(), "campaign-haproxy-"));
  const port = await freePort();
  const file = join(directory, "haproxy.cfg");
  writeFileSync(file, configuration(port, replicas, balancing));
  const child = spawn(program, ["-db", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += chunk.toString();
  });
  const stop = () =>
    new Promise((resolve) => {
      const finish = () => {
        rmSync(directory, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return finish();
      child.once("exit", finish);
      child.kill("SIGTERM");
    });
  try {
    await waitUntilListening(child, port);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}: ${stderr}`);
  }
  return { url: `http://127.0.0.1:${port}${replicas[0]?.pathname ?? "/mcp"}`, stop };
}
