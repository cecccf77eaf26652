import Database from "better-sqlite3";
import { migrate } from "../../../src/storage/sqlite/sqlite-migrations.js";
import { temporaryDatabase } from "../../e2e/harness.js";
import { campaignRecord, sessionRecord } from "../../support/records.js";

/** A database file as an older server left it, open for the rows a migration test needs. */
export interface OldDatabase {
  readonly path: string;
  readonly database: Database.Database;
  /** Removes the file and its folder. */
  readonly remove: () => void;
}

/**
 * A new SQLite file migrated only up to `version`, holding one campaign `camp_old`.
 *
 * @param version - the schema version the older server wrote
 * @returns the open database (close it before opening the store) and its file
 */
export function databaseAtVersion(version: number): OldDatabase {
  const file = temporaryDatabase();
  const database = new Database(file.path);
  migrate(database, version);
  database
    .prepare(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
         gm_fear, created_at, updated_at)
       VALUES (@id, @name, @gm_mode, @theme_prompt, @participant_count, @character_count,
         @gm_fear, @created_at, @updated_at)`,
    )
    .run(campaignRecord("camp_old"));
  return { path: file.path, database, remove: file.remove };
}

/**
 * Adds the session `id` of the campaign `camp_old`, as an older server wrote it.
 *
 * @param database - the open old database
 * @param id - the session's id
 */
export function addSession(database: Database.Database, id: string): void {
  database
    .prepare(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
       VALUES (@id, @campaign_id, @name, @status, @started_at, @updated_at)`,
    )
    .run(sessionRecord(id, "camp_old"));
}
