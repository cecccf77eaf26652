import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { FIXTURE_TIME, noteEvent } from "../../support/records.js";
import { addSession, databaseAtVersion } from "./old-database.js";

/** The version before the edits had event types of their own. */
const BEFORE_EDIT_EVENTS = 6;

function rowsOf(path: string, table: string): unknown[] {
  const database = new Database(path, { readonly: true });
  try {
    return database.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all();
  } finally {
    database.close();
  }
}

describe("the SQLite migration to the edits' event types", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("keeps every event and outcome application, and then takes the new types only", async () => {
    const file = databaseAtVersion(BEFORE_EDIT_EVENTS);
    cleanups.push(file.remove);
    const old = file.database;
    addSession(old, "sess_old");
    const insertEvent = old.prepare(
      `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
         actor, payload_json)
       VALUES (?, ?, ?, ?, ?, '1', 'inv_1', 'gm-sub', ?)`,
    );
    insertEvent.run("sess_old", 1, FIXTURE_TIME, "NOTE_ADDED", 1, '{"text":"kept from players"}');
    insertEvent.run("sess_old", 2, FIXTURE_TIME, "ACTION_ROLL_RESOLVED", 0, '{"total":12}');
    old
      .prepare(
        "INSERT INTO outcome_applications (session_id, roll_seq, applied_at) VALUES (?, ?, ?)",
      )
      .run("sess_old", 2, FIXTURE_TIME);
    old.close();
    const eventsBefore = rowsOf(file.path, "session_events");
    const applicationsBefore = rowsOf(file.path, "outcome_applications");

    const store = openCampaignStore(file.path);
    const edit = { ...noteEvent("sess_old", 3), type: "CHARACTER_UPDATED" as const };
    await store.write(async (repository) => {
      await repository.appendEvents([edit]);
      return { value: undefined, changedUris: [] };
    });
    await store.close();
    const migrated = new Database(file.path);
    cleanups.push(() => migrated.close());
    migrated.pragma("foreign_keys = ON");

    expect(rowsOf(file.path, "session_events").slice(0, 2)).toEqual(eventsBefore);
    expect(rowsOf(file.path, "outcome_applications")).toEqual(applicationsBefore);
    expect(migrated.pragma("foreign_key_check")).toEqual([]);
    expect(
      () =>
        migrated
          .prepare(
            `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id,
             payload_json)
           VALUES ('sess_old', 4, ?, 'CHARACTER_DELETED', '1', 'inv_1', '{}')`,
          )
          .run(FIXTURE_TIME),
      // Since version 9 an event's type must be a row of event_types.
    ).toThrow(/FOREIGN KEY constraint failed/);
    expect(() =>
      migrated
        .prepare(
          "INSERT INTO outcome_applications (session_id, roll_seq, applied_at) VALUES (?, ?, ?)",
        )
        .run("sess_old", 9, FIXTURE_TIME),
    ).toThrow(/FOREIGN KEY constraint failed/);
  });
});
