import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { migrate } from "../../../src/storage/postgres/postgres-migrations.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before the stat blocks. */
const BEFORE_ADVERSARIES = 8;

describe("the PostgreSQL migration to the stat blocks (9)", () => {
  it("keeps the log, takes the stat blocks' event types and nothing unknown", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_ADVERSARIES);
    const sql = (text: string, values: unknown[] = []) => runSql(database.location, text, values);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count,
         character_count, gm_fear, created_at, updated_at)
       VALUES ('camp_old', 'Old', 'HUMAN', '', 0, 0, 0, $1, $1)`,
      [FIXTURE_TIME],
    );
    await sql(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
       VALUES ('sess_old', 'camp_old', '', 'ACTIVE', $1, $1)`,
      [FIXTURE_TIME],
    );
    const event = (seq: number, type: string) =>
      sql(
        `INSERT INTO session_events (session_id, seq, ts, type, gm_only, request_id, invocation_id,
           payload_json)
         VALUES ('sess_old', $1, $2, $3, true, '1', 'inv_1', '{"text":"kept"}')`,
        [seq, FIXTURE_TIME, type],
      );
    await event(1, "NOTE_ADDED");
    await expect(event(2, "ADVERSARY_DEFINED")).rejects.toThrow(/event_type_check/);

    await migrate(pool);
    await pool.end();
    await event(2, "ADVERSARY_DEFINED");
    await event(3, "ADVERSARIES_IMPORTED");
    await expect(event(4, "ADVERSARY_DELETED")).rejects.toThrow(/event_type_check/);
    const rows = await sql("SELECT seq, type FROM session_events ORDER BY seq");
    expect(rows).toEqual([
      { seq: 1, type: "NOTE_ADDED" },
      { seq: 2, type: "ADVERSARY_DEFINED" },
      { seq: 3, type: "ADVERSARIES_IMPORTED" },
    ]);
    await expect(
      sql(
        `INSERT INTO adversaries (id, campaign_id, name, block_json, created_at, updated_at)
         VALUES ('adv_x', 'camp_old', 'Wisp', '[]', $1, $1)`,
        [FIXTURE_TIME],
      ),
    ).rejects.toThrow(/adversaries_block_json_check/);
    await database.remove();
  });
});
