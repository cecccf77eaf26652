import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { migrate } from "../../../src/storage/postgres/postgres-migrations.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before a character's conditions were kept. */
const BEFORE_CHARACTER_CONDITIONS = 12;

describe("the PostgreSQL migration to a character's conditions (13)", () => {
  it("gives every existing character no conditions, and keeps only an array", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_CHARACTER_CONDITIONS);
    const sql = (text: string, values: unknown[] = []) => runSql(database.location, text, values);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count,
         character_count, gm_fear, created_at, updated_at)
       VALUES ('camp_old', 'Old', 'HUMAN', '', 0, 1, 0, $1, $1)`,
      [FIXTURE_TIME],
    );
    await sql(
      `INSERT INTO characters (id, campaign_id, name, kind, notes, created_at, updated_at)
       VALUES ('char_old', 'camp_old', 'Old', 'PC', '', $1, $1)`,
      [FIXTURE_TIME],
    );
    await sql(
      "INSERT INTO character_states (character_id, hope, stress, hp) VALUES ('char_old', 3, 1, 4)",
    );

    await migrate(pool);
    await pool.end();
    expect(await sql("SELECT hope, stress, hp, conditions_json FROM character_states")).toEqual([
      { hope: 3, stress: 1, hp: 4, conditions_json: "[]" },
    ]);
    await sql("UPDATE character_states SET conditions_json = '[\"HIDDEN\"]'");
    await expect(sql("UPDATE character_states SET conditions_json = '{}'")).rejects.toThrow(
      /json_array_text_check/,
    );
    await database.remove();
  });
});
