import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SESSION_EVENT_TYPES } from "../../../src/domain/records.js";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { FIXTURE_TIME, noteEvent } from "../../support/records.js";
import { addSession, databaseAtVersion } from "./old-database.js";

/** The version before the stat blocks, whose event types were a CHECK of the log. */
const BEFORE_ADVERSARIES = 8;

function rowsOf(path: string, sql: string): unknown[] {
  const database = new Database(path, { readonly: true });
  try {
    return database.prepare(sql).all();
  } finally {
    database.close();
  }
}

describe("the SQLite migration to the stat blocks (version 9)", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("keeps the log, its applications and its search, and takes exactly the known types", async () => {
    const file = databaseAtVersion(BEFORE_ADVERSARIES);
    cleanups.push(file.remove);
    const old = file.database;
    addSession(old, "sess_old");
    const insertEvent = old.prepare(
      `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
         actor, payload_json)
       VALUES (?, ?, ?, ?, ?, '1', 'inv_1', 'gm-sub', ?)`,
    );
    insertEvent.run("sess_old", 1, FIXTURE_TIME, "NOTE_ADDED", 1, '{"text":"the owlbear waits"}');
    insertEvent.run("sess_old", 2, FIXTURE_TIME, "ACTION_ROLL_RESOLVED", 0, '{"total":12}');
    old
      .prepare(
        "INSERT INTO outcome_applications (session_id, roll_seq, applied_at) VALUES (?, ?, ?)",
      )
      .run("sess_old", 2, FIXTURE_TIME);
    old.close();
    const events = "SELECT * FROM session_events ORDER BY session_id, seq";
    const applications = "SELECT * FROM outcome_applications ORDER BY 1, 2";
    const eventsBefore = rowsOf(file.path, events);
    const applicationsBefore = rowsOf(file.path, applications);

    const store = openCampaignStore(file.path);
    const defined = {
      ...noteEvent("sess_old", 3),
      type: "ADVERSARY_DEFINED" as const,
      payload_json: '{"adversary":{"name":"Marsh Wyrm"}}',
    };
    await store.write(async (repository) => {
      await repository.appendEvents([defined]);
      return { value: undefined, changedUris: [] };
    });
    const found = await store.read((repository) =>
      repository.searchEvents("camp_old", {
        words: ["wyrm"],
        includeGmOnly: true,
        limit: 10,
      }),
    );
    const owlbear = await store.read((repository) =>
      repository.searchEvents("camp_old", { words: ["owlbear"], includeGmOnly: true, limit: 10 }),
    );
    await store.close();

    expect(rowsOf(file.path, events).slice(0, 2)).toEqual(eventsBefore);
    expect(rowsOf(file.path, applications)).toEqual(applicationsBefore);
    // The search trigger is made again with the log: the new event is found, the old still are.
    expect(found?.items.map((event) => event.seq)).toEqual([3]);
    expect(owlbear?.items.map((event) => event.seq)).toEqual([1]);
    const types = rowsOf(file.path, "SELECT name FROM event_types ORDER BY name") as {
      name: string;
    }[];
    expect(types.map((row) => row.name)).toEqual([...SESSION_EVENT_TYPES].sort());

    const migrated = new Database(file.path);
    cleanups.push(() => migrated.close());
    migrated.pragma("foreign_keys = ON");
    expect(migrated.pragma("foreign_key_check")).toEqual([]);
    expect(() =>
      migrated
        .prepare(
          `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id,
             payload_json)
           VALUES ('sess_old', 4, ?, 'ADVERSARY_DELETED', '1', 'inv_1', '{}')`,
        )
        .run(FIXTURE_TIME),
    ).toThrow(/FOREIGN KEY constraint failed/);
    expect(() =>
      migrated
        .prepare(
          `INSERT INTO adversaries (id, campaign_id, name, block_json, created_at, updated_at)
           VALUES ('adv_x', 'camp_old', '', '{}', ?, ?)`,
        )
        .run(FIXTURE_TIME, FIXTURE_TIME),
    ).toThrow(/CHECK constraint failed/);
  });
});
