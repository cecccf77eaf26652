import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import { migrate } from "../../../src/storage/postgres/postgres-migrations.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before a character's notes could be kept from the players. */
const BEFORE_GM_ONLY_NOTES = 4;

describe("the PostgreSQL migration to GM-only character notes", () => {
  it("leaves the notes of every existing character for everyone", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_GM_ONLY_NOTES);
    await pool.end();
    const sql = (text: string) => runSql(database.location, text, []);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
         gm_fear, created_at, updated_at)
       VALUES ('camp_old', 'Old', 'HUMAN', '', 0, 1, 0, '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO characters (id, campaign_id, name, kind, notes, controller, created_at, updated_at)
       VALUES ('char_old', 'camp_old', 'Old', 'NPC', 'Known to all', NULL, '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );

    const store = await openPostgresCampaignStore(database.location, { pool: 1 });
    const character = await store.read((repository) => repository.getCharacter("char_old"));
    await store.close();
    await database.remove();

    expect(character).toEqual({
      id: "char_old",
      campaign_id: "camp_old",
      name: "Old",
      kind: "NPC",
      notes: "Known to all",
      controller: null,
      created_at: FIXTURE_TIME,
      updated_at: FIXTURE_TIME,
    });
  });
});
