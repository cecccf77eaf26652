// A PostgreSQL cluster of its own for tests and benchmarks: initdb in a temporary directory,
// a free loopback port, stopped and removed at the end. Plain JavaScript so that the benchmark
// (run by node without a compiler) shares it with the tests. Types: postgres-server.d.mts.
import { execFileSync, spawn } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPostgresBinaries } from "./postgres-binaries.mjs";
import { runSql } from "./sql.mjs";

const PREFIX = "tabletop-pg-";
const READY_TIMEOUT_MS = 60_000;

/** PostgreSQL refuses to run as root: a run started by root runs it as an unprivileged user. */
function unprivilegedUser() {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ["postgres", "nobody"]) {
    try {
      const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
      return { uid, gid };
    } catch {
      // Try the next user.
    }
  }
  throw new Error("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes clusters left behind by runs that were killed before they could clean up. */
function removeAbandonedClusters() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const directory = join(tmpdir(), name);
    const ownerFile = join(directory, "owner");
    // A directory without its owner file yet is being created right now.
    if (!existsSync(ownerFile)) continue;
    const owner = Number(readFileSync(ownerFile, "utf8").trim());
    if (owner > 0 && alive(owner)) continue;
    const pidFile = join(directory, "data", "postmaster.pid");
    const postmaster = existsSync(pidFile)
      ? Number(readFileSync(pidFile, "utf8").split("\n")[0])
      : 0;
    if (postmaster > 0 && alive(postmaster)) process.kill(postmaster, "SIGQUIT");
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A new cluster directory, owned by the user PostgreSQL will run as. */
function createCluster(binaries, user) {
  const directory = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(directory, "owner"), String(process.pid));
  if (user) chownSync(directory, user.uid, user.gid);
  const dataDirectory = join(directory, "data");
  const args = ["-D", dataDirectory, "-U", "postgres", "-A", "trust", "-E", "UTF8"];
  execFileSync(binaries.initdb, [...args, "--locale=C", "--no-sync"], {
    stdio: "pipe",
    ...(user ?? {}),
    env: { ...process.env, LC_ALL: "C" },
  });
  return { directory, dataDirectory };
}

async function waitUntilReady(url, child, log) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited ${child.exitCode}: ${log()}`);
    try {
      await runSql(url, "SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`postgres not ready: ${String(error)}: ${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Starts `postgres` in a process group of its own (so that a crash can take every backend). */
function spawnPostmaster(binaries, cluster, port, user) {
  const settings = [
    "listen_addresses=127.0.0.1",
    "max_connections=300",
    "fsync=on",
    "synchronous_commit=on",
  ];
  const args = ["-D", cluster.dataDirectory, "-p", String(port), "-k", cluster.directory];
  return spawn(binaries.postgres, [...args, ...settings.flatMap((setting) => ["-c", setting])], {
    ...(user ?? {}),
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
}

/**
 * Creates a cluster and starts it on a free loopback port. The caller removes it; a process
 * exit removes it too, and a later call removes clusters whose run died without cleaning up.
 *
 * @param {"system" | "embedded" | "any"} [source] - which binaries to use
 * @returns the running server
 */
export async function startPostgresServer(source = "any") {
  removeAbandonedClusters();
  const binaries = await findPostgresBinaries(source);
  const user = unprivilegedUser();
  const cluster = createCluster(binaries, user);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child;
  let log = "";
  const running = () =>
    child?.pid !== undefined && child.exitCode === null && child.signalCode === null;
  const killNow = () => {
    if (running()) process.kill(-child.pid, "SIGKILL");
  };
  const onExit = () => {
    killNow();
    rmSync(cluster.directory, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  const exited = () =>
    new Promise((resolve) => {
      if (!running()) return resolve();
      child.once("exit", () => resolve());
    });
  const server = {
    url,
    port,
    dataDirectory: cluster.dataDirectory,
    binaries,
    postmasterPid: () => (running() ? child.pid : undefined),
    async start() {
      log = "";
      child = spawnPostmaster(binaries, cluster, port, user);
      child.stderr.on("data", (chunk) => {
        log = (log + chunk.toString()).slice(-4000);
      });
      await waitUntilReady(url, child, () => log);
    },
    async stop() {
      if (running()) process.kill(child.pid, "SIGINT");
      await exited();
    },
    async kill() {
      killNow();
      await exited();
    },
    async remove() {
      await server.stop();
      process.removeListener("exit", onExit);
      rmSync(cluster.directory, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
