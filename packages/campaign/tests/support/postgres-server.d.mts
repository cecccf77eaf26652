import type { BinarySource, PostgresBinaries } from "./postgres-binaries.mjs";

/** A PostgreSQL cluster of its own, in a temporary directory, on a free loopback port. */
export interface PostgresServer {
  /** The superuser's URL of the `postgres` database. */
  readonly url: string;
  readonly port: number;
  readonly dataDirectory: string;
  /** The binaries as found; a run as root may run a copy of them (see postgres-server.mjs). */
  readonly binaries: PostgresBinaries;
  /** The server's process id while it runs. */
  postmasterPid(): number | undefined;
  /** Starts the server again on the same data directory and port. */
  start(): Promise<void>;
  /** Fast shutdown (SIGINT), waiting for the server to exit. */
  stop(): Promise<void>;
  /** SIGKILL to the server and every backend, as in a crash. */
  kill(): Promise<void>;
  /** Stops the server and deletes its directory. */
  remove(): Promise<void>;
}

/**
 * Creates a cluster (initdb) and starts it, with the binaries found in `source` or with those
 * given; see postgres-server.mjs.
 */
export function startPostgresServer(
  source?: BinarySource | PostgresBinaries,
): Promise<PostgresServer>;
