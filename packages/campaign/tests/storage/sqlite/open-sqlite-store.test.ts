import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { SCHEMA_VERSION } from "../../../src/storage/sqlite/sqlite-migrations.js";
import { StorageError } from "../../../src/storage/storage-error.js";
import { temporaryDatabase } from "../../e2e/harness.js";

describe("openCampaignStore (SQLite)", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("creates missing directories, runs the migrations and uses WAL with full sync", async () => {
    const database = temporaryDatabase();
    cleanups.push(database.remove);
    const nested = database.path.replace("campaign.db", "deep/er/campaign.db");
    await openCampaignStore(nested).close();
    const raw = new Database(nested);
    expect(raw.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("refuses a database written by a newer server", () => {
    const database = temporaryDatabase();
    cleanups.push(database.remove);
    const raw = new Database(database.path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openCampaignStore(database.path)).toThrow(
      new StorageError(
        "SCHEMA_TOO_NEW",
        `schema version ${SCHEMA_VERSION + 1} is newer than supported ${SCHEMA_VERSION}`,
      ),
    );
  });

  it("refuses a PostgreSQL URL instead of making a file of that name", () => {
    expect(() => openCampaignStore("postgres://user@localhost/campaign")).toThrow(
      /PostgreSQL URL is opened with openPostgresCampaignStore or openCampaignDatabase/,
    );
  });
});
