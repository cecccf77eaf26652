import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import { migrate } from "../../../src/storage/postgres/postgres-migrations.js";
import { FIXTURE_TIME, noteEvent } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before the edits had event types of their own. */
const BEFORE_EDIT_EVENTS = 6;

describe("the PostgreSQL migration to the edits' event types", () => {
  it("keeps every event, then takes the new types and still refuses unknown ones", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_EDIT_EVENTS);
    await pool.end();
    const sql = (text: string) => runSql(database.location, text, []);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
         gm_fear, created_at, updated_at)
       VALUES ('camp_old', 'Old', 'HUMAN', '', 0, 0, 0, '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
       VALUES ('sess_old', 'camp_old', '', 'ACTIVE', '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
         actor, payload_json)
       VALUES ('sess_old', 1, '${FIXTURE_TIME}', 'NOTE_ADDED', true, '1', 'inv_1', 'gm-sub',
         '{"text":"kept from players"}')`,
    );
    const before = await sql("SELECT * FROM session_events");

    const store = await openPostgresCampaignStore(database.location, { pool: 1 });
    const edit = { ...noteEvent("sess_old", 2), type: "PARTICIPANT_UPDATED" as const };
    await store.write(async (repository) => {
      await repository.appendEvents([edit]);
      return { value: undefined, changedUris: [] };
    });
    await store.close();
    const after = await sql("SELECT * FROM session_events ORDER BY seq");
    const unknown = sql(
      `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id,
         payload_json)
       VALUES ('sess_old', 3, '${FIXTURE_TIME}', 'CHARACTER_DELETED', '1', 'inv_1', '{}')`,
    );
    await expect(unknown).rejects.toMatchObject({ code: "23514" });
    await database.remove();

    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ seq: 2, type: "PARTICIPANT_UPDATED" });
  });
});
