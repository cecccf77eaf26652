import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { CampaignError } from "../domain/campaign-error.js";
import type { CampaignRepository, CampaignStore, Written } from "./campaign-store.js";
import { migrate } from "./migrations.js";
import { SqliteChangeFeed } from "./sqlite-change-feed.js";
import { SqliteCampaignRepository } from "./sqlite-repository.js";
import { StorageError } from "./storage-error.js";
import { WriteBatch } from "./write-batch.js";

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

function translateBusy<Result>(run: () => Result): Result {
  try {
    return run();
  } catch (error) {
    if (isBusy(error)) throw new CampaignError("FAILED_PRECONDITION", "storage busy; retry");
    throw error;
  }
}

/**
 * Opens (creating it and its directories if needed) and migrates a campaign database, with WAL,
 * synchronous commits and foreign keys (campaign.md §8). One store per process: every MCP
 * session shares it. Writes are group-committed (see {@link WriteBatch}): await `flush()`
 * before acknowledging a write. Each write records the URIs it changed, so that stores of
 * other processes on the same file can watch them ({@link SqliteChangeFeed}).
 *
 * @param path - a file path, or `:memory:` for a throw-away database
 * @returns the store
 * @throws StorageError `OPEN_FAILED` or `SCHEMA_TOO_NEW`
 */
export function openCampaignStore(path: string): CampaignStore {
  const database = openDatabase(path);
  migrateOrClose(database);
  const repository = new SqliteCampaignRepository(database);
  const batch = new WriteBatch(database);
  const feed = new SqliteChangeFeed(database);
  const transaction = database.transaction((body: () => void) => body());
  const unit = <Result>(body: () => Result): Result => {
    let result: { value: Result } | undefined;
    transaction(() => {
      result = { value: body() };
    });
    if (!result) throw new Error("transaction finished without a result");
    return result.value;
  };
  const watchers = new Set<() => void>();
  return {
    write: <Value>(work: (repo: CampaignRepository) => Written<Value>) =>
      translateBusy(() => {
        batch.open();
        return unit(() => {
          const written = work(repository);
          feed.record(written.changedUris);
          return written;
        });
      }),
    read: (work) => translateBusy(() => unit(() => work(repository))),
    flush: () => batch.committed(),
    watchExternalChanges: (listener) => {
      if (path === MEMORY_DATABASE) return () => {};
      const stop = feed.watch(listener);
      watchers.add(stop);
      return () => {
        stop();
        watchers.delete(stop);
      };
    },
    close: () => {
      for (const stop of watchers) stop();
      batch.commit();
      database.close();
    },
  };
}
