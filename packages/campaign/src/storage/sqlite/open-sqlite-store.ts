import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { CampaignError } from "../../domain/campaign-error.js";
import type { CampaignRepository, CampaignStore, Written } from "../campaign-store.js";
import { StorageError } from "../storage-error.js";
import { isPostgresUrl } from "../store-location.js";
import { SqliteChangeFeed } from "./sqlite-change-feed.js";
import { migrate } from "./sqlite-migrations.js";
import { SqliteCampaignRepository } from "./sqlite-repository.js";
import { type SerialRunner, WriteBatch } from "./write-batch.js";

/** The path that keeps nothing: a private in-memory database. */
export const MEMORY_DATABASE = ":memory:";

const BUSY_TIMEOUT_MS = 5000;
const BUSY_RETRY_MS = 10;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
}

function sleepSync(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/**
 * Switches to WAL. SQLite answers the switch with SQLITE_BUSY at once, without waiting out
 * the busy timeout, while another connection holds a lock on a file it is still creating
 * (two servers started together on a new file), so the switch is retried here until the
 * same timeout has passed.
 */
function useWriteAheadLog(database: Database.Database): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      database.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
      sleepSync(BUSY_RETRY_MS);
    }
  }
}

function openDatabase(path: string): Database.Database {
  try {
    if (path !== MEMORY_DATABASE) mkdirSync(dirname(path), { recursive: true });
    const database = new Database(path, { timeout: BUSY_TIMEOUT_MS });
    useWriteAheadLog(database);
    database.pragma("synchronous = FULL");
    database.pragma("foreign_keys = ON");
    return database;
  } catch (error) {
    throw new StorageError("OPEN_FAILED", error instanceof Error ? error.message : String(error));
  }
}

function migrateOrClose(database: Database.Database): void {
  try {
    migrate(database);
  } catch (error) {
    database.close();
    if (error instanceof StorageError) throw error;
    throw new StorageError("OPEN_FAILED", error instanceof Error ? error.message : String(error));
  }
}

function translateBusy(error: unknown): unknown {
  return isBusy(error) ? new CampaignError("FAILED_PRECONDITION", "storage busy; retry") : error;
}

/** A queue that runs one task at a time: a transaction's statements never interleave. */
function serialRunner(): SerialRunner {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** The SQLite store: one connection, units in savepoints of group-committed batches. */
class SqliteCampaignStore implements CampaignStore {
  private readonly serially = serialRunner();
  private readonly repository: SqliteCampaignRepository;
  private readonly batch: WriteBatch;
  private readonly feed: SqliteChangeFeed;
  private readonly watchers = new Set<() => void>();

  constructor(
    private readonly database: Database.Database,
    private readonly inMemory: boolean,
  ) {
    this.repository = new SqliteCampaignRepository(database);
    this.batch = new WriteBatch(database, this.serially);
    this.feed = new SqliteChangeFeed(database);
  }

  async write<Value>(
    work: (repository: CampaignRepository) => Promise<Written<Value>>,
  ): Promise<Written<Value>> {
    const { written, committed } = await this.serially(async () => {
      let committed: Promise<void>;
      try {
        committed = this.batch.join();
      } catch (error) {
        throw translateBusy(error);
      }
      this.database.exec("SAVEPOINT unit");
      try {
        const written = await work(this.repository);
        this.feed.record(written.changedUris, written.audience);
        this.database.exec("RELEASE unit");
        return { written, committed };
      } catch (error) {
        // A failure SQLite answers by rolling back the whole batch leaves no savepoint to undo.
        if (this.database.inTransaction) {
          this.database.exec("ROLLBACK TO unit");
          this.database.exec("RELEASE unit");
        }
        throw translateBusy(error);
      }
    });
    await committed;
    return written;
  }

  async read<Result>(work: (repository: CampaignRepository) => Promise<Result>): Promise<Result> {
    const { result, committed } = await this.serially(async () => {
      const committed = this.batch.current();
      if (this.database.inTransaction) return { result: await work(this.repository), committed };
      this.database.exec("BEGIN");
      try {
        return { result: await work(this.repository), committed };
      } catch (error) {
        throw translateBusy(error);
      } finally {
        this.database.exec("COMMIT");
      }
    });
    await committed;
    return result;
  }

  watchExternalChanges(listener: Parameters<CampaignStore["watchExternalChanges"]>[0]) {
    if (this.inMemory) return () => {};
    const stop = this.feed.watch(listener);
    this.watchers.add(stop);
    return () => {
      stop();
      this.watchers.delete(stop);
    };
  }

  close(): Promise<void> {
    return this.serially(async () => {
      for (const stop of this.watchers) stop();
      this.batch.commit();
      this.database.close();
    });
  }
}

/**
 * Opens (creating it and its directories if needed) and migrates a campaign database on
 * SQLite, with WAL, synchronous commits and foreign keys (docs/campaign.md §8). One store per
 * process: every MCP session shares it. Writes that arrive together share one commit
 * ({@link WriteBatch}); each records the URIs it changed, so that stores of other processes on
 * the same file can watch them ({@link SqliteChangeFeed}).
 *
 * @param path - a file path, or `:memory:` for a throw-away database
 * @returns the store
 * @throws StorageError `OPEN_FAILED` or `SCHEMA_TOO_NEW`
 */
export function openCampaignStore(path: string): CampaignStore {
  if (isPostgresUrl(path)) {
    throw new StorageError(
      "OPEN_FAILED",
      "a PostgreSQL URL is opened with openPostgresCampaignStore or openCampaignDatabase",
    );
  }
  const database = openDatabase(path);
  migrateOrClose(database);
  return new SqliteCampaignStore(database, path === MEMORY_DATABASE);
}
