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
import { dirname, join } from "node:path";
import { findPostgresBinaries } from "./postgres-binaries.mjs";
import { runSql } from "./sql.mjs";
import { stageBinaries } from "./staged-binaries.mjs";
import { closedDirectoryOnTheWay, unprivilegedUser } from "./unprivileged-user.mjs";

const PREFIX = "tabletop-pg-";
const READY_TIMEOUT_MS = 60_000;

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

/** The options that make a child process run as the user (none when this is not root). */
function runAs(user) {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/** Stops early, in one line, when the user cannot reach the temporary folder. */
function checkTemporaryFolder(user) {
  const closed = closedDirectoryOnTheWay(user, tmpdir());
  if (closed === undefined) return;
  throw new Error(
    `PostgreSQL runs as ${user.name}, who cannot enter ${closed} to reach its data directory in ${tmpdir()}: set TMPDIR to a folder every user can enter, such as /tmp`,
  );
}

/**
 * Whether the binaries must be copied for the user to run them (a checkout only root can
 * enter); only the embedded package's can be, a system installation is what it is.
 */
function mustStage(binaries, user) {
  const closed = closedDirectoryOnTheWay(user, dirname(binaries.postgres));
  if (closed === undefined) return false;
  if (binaries.source === "embedded") return true;
  throw new Error(
    `PostgreSQL runs as ${user.name}, who cannot enter ${closed} to reach ${binaries.postgres}: make that folder enterable (chmod o+x) or use the embedded binaries (TABLETOP_TEST_POSTGRES=embedded)`,
  );
}

/**
 * A new cluster directory, owned by the user PostgreSQL will run as, and the binaries to run:
 * those found, or their copy inside the directory when the user cannot reach them.
 */
function createCluster(found, user) {
  if (user) checkTemporaryFolder(user);
  const staged = user !== undefined && mustStage(found, user);
  const directory = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(directory, "owner"), String(process.pid));
  const binaries = staged ? stageBinaries(found, join(directory, "postgresql")) : found;
  if (user) chownSync(directory, user.uid, user.gid);
  const dataDirectory = join(directory, "data");
  const args = ["-D", dataDirectory, "-U", "postgres", "-A", "trust", "-E", "UTF8"];
  execFileSync(binaries.initdb, [...args, "--locale=C", "--no-sync"], {
    stdio: "pipe",
    ...runAs(user),
    env: { ...process.env, LC_ALL: "C" },
  });
  return { directory, dataDirectory, binaries };
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
function spawnPostmaster(cluster, port, user) {
  const settings = [
    "listen_addresses=127.0.0.1",
    "max_connections=300",
    "fsync=on",
    "synchronous_commit=on",
  ];
  const args = ["-D", cluster.dataDirectory, "-p", String(port), "-k", cluster.directory];
  const options = settings.flatMap((setting) => ["-c", setting]);
  return spawn(cluster.binaries.postgres, [...args, ...options], {
    ...runAs(user),
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
}

/**
 * Creates a cluster and starts it on a free loopback port. The caller removes it; a process
 * exit removes it too, and a later call removes clusters whose run died without cleaning up.
 *
 * @param {"system" | "embedded" | "any" | object} [source] - where to find the binaries, or
 * binaries already found (PostgresBinaries)
 * @returns the running server; its `binaries` are those found, wherever they run from
 */
export async function startPostgresServer(source = "any") {
  removeAbandonedClusters();
  const binaries = typeof source === "string" ? await findPostgresBinaries(source) : source;
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
      child = spawnPostmaster(cluster, port, user);
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
