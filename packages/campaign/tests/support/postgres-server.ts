import { type ChildProcess, execFileSync, spawn } from "node:child_process";
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
import {
  type BinarySource,
  findPostgresBinaries,
  type PostgresBinaries,
} from "./postgres-binaries.js";
import { runSql } from "./sql.js";

/** A PostgreSQL cluster of its own, in a temporary directory, on a free loopback port. */
export interface PostgresServer {
  /** The superuser's URL of the `postgres` database. */
  readonly url: string;
  readonly port: number;
  readonly dataDirectory: string;
  readonly binaries: PostgresBinaries;
  /** Starts the server again on the same data directory and port. */
  start(): Promise<void>;
  /** Fast shutdown (SIGINT), waiting for the server to exit. */
  stop(): Promise<void>;
  /** SIGKILL to the server and every backend, as in a crash. */
  kill(): Promise<void>;
  /** Stops the server and deletes its directory. */
  remove(): Promise<void>;
}

const PREFIX = "tabletop-pg-";
const READY_TIMEOUT_MS = 60_000;

/** Postgres refuses to run as root: tests started by root run it as an unprivileged user. */
function unprivilegedUser(): { uid: number; gid: number } | undefined {
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

function freePort(): Promise<number> {
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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes clusters left behind by test runs that were killed before they could clean up. */
function removeAbandonedClusters(): void {
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

function run(binary: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  execFileSync(binary, args, {
    stdio: "pipe",
    ...(user ?? {}),
    env: { ...process.env, LC_ALL: "C" },
  });
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
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

/**
 * Creates a cluster (`initdb` in a new temporary directory) and starts it on a free loopback
 * port. The caller removes it; a process exit removes it too, and a later call removes
 * clusters whose test run died without cleaning up.
 *
 * @param source - which binaries to use (see {@link findPostgresBinaries})
 * @returns the running server
 */
export async function startPostgresServer(source: BinarySource = "any"): Promise<PostgresServer> {
  removeAbandonedClusters();
  const binaries = await findPostgresBinaries(source);
  const user = unprivilegedUser();
  const directory = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(directory, "owner"), String(process.pid));
  if (user) chownSync(directory, user.uid, user.gid);
  const dataDirectory = join(directory, "data");
  run(
    binaries.initdb,
    ["-D", dataDirectory, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
    user,
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let log = "";
  const running = () =>
    child?.pid !== undefined && child.exitCode === null && child.signalCode === null;
  const killNow = () => {
    if (running()) process.kill(-(child?.pid ?? 0), "SIGKILL");
  };
  const onExit = () => {
    killNow();
    rmSync(directory, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
    });
  const server: PostgresServer = {
    url,
    port,
    dataDirectory,
    binaries,
    async start() {
      log = "";
      child = spawn(
        binaries.postgres,
        [
          "-D",
          dataDirectory,
          "-p",
          String(port),
          "-k",
          directory,
          "-c",
          "listen_addresses=127.0.0.1",
          "-c",
          "max_connections=300",
          "-c",
          "fsync=on",
          "-c",
          "synchronous_commit=on",
        ],
        { ...(user ?? {}), detached: true, stdio: ["ignore", "ignore", "pipe"] },
      );
      child.stderr?.on("data", (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-4000);
      });
      const started = child;
      await waitUntilReady(url, started, () => log);
    },
    async stop() {
      if (running()) process.kill(child?.pid ?? 0, "SIGINT");
      await exited();
    },
    async kill() {
      killNow();
      await exited();
    },
    async remove() {
      await server.stop();
      process.removeListener("exit", onExit);
      rmSync(directory, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
