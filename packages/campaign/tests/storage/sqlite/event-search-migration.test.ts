import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { SCHEMA_VERSION } from "../../../src/storage/sqlite/sqlite-migrations.js";
import { campaignRecord, FIXTURE_TIME, noteEvent, sessionRecord } from "../../support/records.js";
import { databaseAtVersion } from "./old-database.js";

/** The version before the session logs could be searched. */
const BEFORE_EVENT_SEARCH = 7;

describe("the SQLite migration to searchable session logs", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("indexes every existing event, newest first by time, then each event appended", async () => {
    const file = databaseAtVersion(BEFORE_EVENT_SEARCH);
    cleanups.push(file.remove);
    const old = file.database;
    old
      .prepare(
        `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count,
           character_count, gm_fear, created_at, updated_at)
         VALUES (@id, @name, @gm_mode, @theme_prompt, @participant_count, @character_count,
           @gm_fear, @created_at, @updated_at)`,
      )
      .run(campaignRecord("camp_other"));
    const insertSession = old.prepare(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at, ended_at)
       VALUES (@id, @campaign_id, @name, @status, @started_at, @updated_at, @ended_at)`,
    );
    const active = (id: string, campaign: string) => ({
      ...sessionRecord(id, campaign),
      ended_at: null,
    });
    insertSession.run(active("sess_late", "camp_old"));
    insertSession.run({
      ...active("sess_early", "camp_old"),
      status: "ENDED",
      ended_at: FIXTURE_TIME,
    });
    insertSession.run(active("sess_other", "camp_other"));
    const insertEvent = old.prepare(
      `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
         payload_json)
       VALUES (?, ?, ?, ?, ?, '1', 'inv_1', ?)`,
    );
    // Sessions were made in one order and played in another: time orders the results.
    insertEvent.run(
      "sess_late",
      1,
      "2025-02-01T10:00:00.000Z",
      "NOTE_ADDED",
      0,
      '{"text":"Goblins again"}',
    );
    insertEvent.run(
      "sess_early",
      1,
      "2025-01-01T10:00:00.000Z",
      "NOTE_ADDED",
      0,
      '{"text":"Goblins!"}',
    );
    insertEvent.run(
      "sess_early",
      2,
      "2025-01-01T11:00:00.000Z",
      "NOTE_ADDED",
      1,
      '{"text":"goblin king"}',
    );
    insertEvent.run(
      "sess_early",
      3,
      "2025-01-01T12:00:00.000Z",
      "GM_FEAR_CHANGED",
      0,
      '{"campaign_id":"camp_old","before":0,"after":1,"delta":1,"reason":"goblins ambush"}',
    );
    insertEvent.run(
      "sess_other",
      1,
      "2025-03-01T10:00:00.000Z",
      "NOTE_ADDED",
      0,
      '{"text":"goblins"}',
    );
    old.close();

    const store = openCampaignStore(file.path);
    const found = (includeGmOnly: boolean) =>
      store.read((repository) =>
        repository.searchEvents("camp_old", { words: ["goblins"], includeGmOnly, limit: 10 }),
      );
    const before = await found(true);
    await store.write(async (repository) => {
      await repository.appendEvents([
        { ...noteEvent("sess_late", 2), payload_json: '{"text":"No more goblins"}' },
      ]);
      return { value: undefined, changedUris: [] };
    });
    const after = await found(false);
    const king = await store.read((repository) =>
      repository.searchEvents("camp_old", { words: ["KING"], includeGmOnly: true, limit: 10 }),
    );
    await store.close();
    const migrated = new Database(file.path, { readonly: true });
    const version = migrated.pragma("user_version", { simple: true });
    migrated.close();

    const where = (page: typeof before) =>
      page?.items.map((event) => `${event.session_id}#${event.seq}`);
    expect(version).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(8);
    expect(where(before)).toEqual(["sess_late#1", "sess_early#3", "sess_early#1"]);
    expect(where(after)).toEqual(["sess_late#2", "sess_late#1", "sess_early#3", "sess_early#1"]);
    expect(where(king)).toEqual(["sess_early#2"]);
  });
});
