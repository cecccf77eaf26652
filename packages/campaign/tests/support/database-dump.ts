import Database from "better-sqlite3";
import { runSql } from "./sql.mjs";
import { STORE_KIND } from "./store-under-test.js";

/** Every table a tool call may write, on both stores. */
const TABLES = [
  "campaigns",
  "campaign_owners",
  "participants",
  "seat_invites",
  "characters",
  "character_profiles",
  "character_states",
  "sessions",
  "session_events",
  "session_event_search",
  "outcome_applications",
  "context_handles",
] as const;

/** Every row of every table, each table's rows in a fixed order. */
export type DatabaseDump = Record<string, string[]>;

function sortedRows(rows: readonly Record<string, unknown>[]): string[] {
  return rows.map((row) => JSON.stringify(row)).sort();
}

/**
 * Reads every row a tool could have written, through a connection of its own (a separate
 * SQLite connection, or a PostgreSQL client), so that a refusal can be shown to leave the
 * database exactly as it was.
 *
 * @param location - the database, as `--db` names it
 * @returns the rows of each table, as JSON text, sorted
 */
export async function dumpDatabase(location: string): Promise<DatabaseDump> {
  const dump: DatabaseDump = {};
  if (STORE_KIND === "postgres") {
    for (const table of TABLES) {
      dump[table] = sortedRows(await runSql(location, `SELECT * FROM ${table}`));
    }
    return dump;
  }
  const database = new Database(location, { readonly: true });
  try {
    for (const table of TABLES) {
      const rows = database.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
      dump[table] = sortedRows(rows);
    }
  } finally {
    database.close();
  }
  return dump;
}
