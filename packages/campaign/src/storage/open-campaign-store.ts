import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { CampaignError } from "../domain/campaign-error.js";
import type { CampaignRepository, CampaignStore } from "./campaign-store.js";
import { migrate } from "./migrations.js";
import { SqliteCampaignRepository } from "./sqlite-repository.js";
import { StorageError } from "./storage-error.js";
import { WriteBatch } from "./write-batch.js";

/** The path that keeps nothing: a private in-memory database. */
export const MEMORY_DATABASE = ":memory:";

const BUSY_TIMEOUT_MS = 5000;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
}

function openDatabase(path: string): Database.Database {
  try {
    if (path !== MEMORY_DATABASE) mkdirSync(dirname(path), { recursive: true });
    const database = new Database(path);
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = FULL");
    database.pragma("foreign_keys = ON");
    database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return database;
  } catch (error) {
    throw new StorageError("OPEN_FAILED", error instanceof Error ? error.message : String(error));
  }
}

/**
 * Opens (creating it and its directories if needed) and migrates a campaign database, with WAL,
 * synchronous commits and foreign keys (campaign.md §8). One store per process: every MCP
 * session shares it. Writes are group-committed (see {@link WriteBatch}): await `flush()`
 * before acknowledging a write.
 *
 * @param path - a file path, or `:memory:` for a throw-away database
 * @returns the store
 * @throws StorageError `OPEN_FAILED` or `SCHEMA_TOO_NEW`
 */
export function openCampaignStore(path: string): CampaignStore {
  const database = openDatabase(path);
  try {
    migrate(database);
  } catch (error) {
    database.close();
    if (error instanceof StorageError) throw error;
    throw new StorageError("OPEN_FAILED", error instanceof Error ? error.message : String(error));
  }
  const repository = new SqliteCampaignRepository(database);
  const batch = new WriteBatch(database);
  const unit = database.transaction((body: () => void) => body());
  const run = <Result>(write: boolean, work: (repo: CampaignRepository) => Result): Result => {
    let result: { value: Result } | undefined;
    try {
      if (write) batch.open();
      unit(() => {
        result = { value: work(repository) };
      });
    } catch (error) {
      if (isBusy(error)) throw new CampaignError("FAILED_PRECONDITION", "storage busy; retry");
      throw error;
    }
    if (!result) throw new Error("transaction finished without a result");
    return result.value;
  };
  return {
    write: (work) => run(true, work),
    read: (work) => run(false, work),
    flush: () => batch.committed(),
    close: () => {
      batch.commit();
      database.close();
    },
  };
}
