import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import {
  migrate,
  POSTGRES_SCHEMA_VERSION,
} from "../../../src/storage/postgres/postgres-migrations.js";
import { FIXTURE_TIME, noteEvent } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before the session logs could be searched. */
const BEFORE_EVENT_SEARCH = 7;

describe("the PostgreSQL migration to searchable session logs", () => {
  it("indexes every existing event, newest first by time, then each event appended", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_EVENT_SEARCH);
    await pool.end();
    const sql = (text: string, values: unknown[] = []) => runSql(database.location, text, values);
    for (const campaign of ["camp_old", "camp_other"]) {
      await sql(
        `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count,
           character_count, gm_fear, created_at, updated_at)
         VALUES ($1, 'Old', 'HUMAN', '', 0, 0, 0, $2, $2)`,
        [campaign, FIXTURE_TIME],
      );
    }
    const session = (id: string, campaign: string, ended: boolean) =>
      sql(
        `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at, ended_at)
         VALUES ($1, $2, '', $3, $4, $4, $5)`,
        [id, campaign, ended ? "ENDED" : "ACTIVE", FIXTURE_TIME, ended ? FIXTURE_TIME : null],
      );
    await session("sess_late", "camp_old", false);
    await session("sess_early", "camp_old", true);
    await session("sess_other", "camp_other", false);
    const event = (session: string, seq: number, ts: string, gmOnly: boolean, payload: object) =>
      sql(
        `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
           payload_json)
         VALUES ($1, $2, $3, $4, $5, '1', 'inv_1', $6)`,
        [
          session,
          seq,
          ts,
          "text" in payload ? "NOTE_ADDED" : "GM_FEAR_CHANGED",
          gmOnly,
          JSON.stringify(payload),
        ],
      );
    // Sessions were made in one order and played in another: time orders the results.
    await event("sess_late", 1, "2025-02-01T10:00:00.000Z", false, { text: "Goblins again" });
    await event("sess_early", 1, "2025-01-01T10:00:00.000Z", false, { text: "Goblins!" });
    await event("sess_early", 2, "2025-01-01T11:00:00.000Z", true, { text: "goblin king" });
    await event("sess_early", 3, "2025-01-01T12:00:00.000Z", false, {
      campaign_id: "camp_old",
      before: 0,
      after: 1,
      delta: 1,
      reason: "goblins ambush",
    });
    await event("sess_other", 1, "2025-03-01T10:00:00.000Z", false, { text: "goblins" });

    const store = await openPostgresCampaignStore(database.location, { pool: 1 });
    const found = (words: string[], includeGmOnly: boolean) =>
      store.read((repository) =>
        repository.searchEvents("camp_old", { words, includeGmOnly, limit: 10 }),
      );
    const before = await found(["goblins"], true);
    await store.write(async (repository) => {
      await repository.appendEvents([
        { ...noteEvent("sess_late", 2), payload_json: '{"text":"No more goblins"}' },
      ]);
      return { value: undefined, changedUris: [] };
    });
    const after = await found(["goblins"], false);
    const king = await found(["KING"], true);
    await store.close();
    const versions = await sql("SELECT max(version) AS version FROM campaign_schema_migrations");
    await database.remove();

    const where = (page: typeof before) =>
      page?.items.map((item) => `${item.session_id}#${item.seq}`);
    expect(versions).toEqual([{ version: POSTGRES_SCHEMA_VERSION }]);
    expect(POSTGRES_SCHEMA_VERSION).toBeGreaterThanOrEqual(8);
    expect(where(before)).toEqual(["sess_late#1", "sess_early#3", "sess_early#1"]);
    expect(where(after)).toEqual(["sess_late#2", "sess_late#1", "sess_early#3", "sess_early#1"]);
    expect(where(king)).toEqual(["sess_early#2"]);
  });
});
