import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import {
  migrate,
  POSTGRES_SCHEMA_VERSION,
} from "../../../src/storage/postgres/postgres-migrations.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before campaigns had owners, seats and actors. */
const BEFORE_ROLES = 1;

describe("the PostgreSQL migration to roles", () => {
  it("gives the process owner every existing campaign and event", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_ROLES);
    await pool.end();
    const sql = (text: string) => runSql(database.location, text, []);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
         gm_fear, created_at, updated_at)
       VALUES ('camp_old', 'Old', 'HUMAN', '', 1, 0, 0, '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO participants (id, campaign_id, display_name, role, controller, created_at, updated_at)
       VALUES ('part_old', 'camp_old', 'Old seat', 'PLAYER', 'HUMAN', '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
       VALUES ('sess_old', 'camp_old', '', 'ACTIVE', '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id, payload_json)
       VALUES ('sess_old', 1, '${FIXTURE_TIME}', 'SESSION_STARTED', '1', 'inv_1', '{"campaign_id":"camp_old"}')`,
    );

    const store = await openPostgresCampaignStore(database.location, { pool: 1 });
    const [owner, seat, page] = await store.read((repository) =>
      Promise.all([
        repository.getOwner("camp_old"),
        repository.getParticipant("part_old"),
        repository.listEvents("sess_old", { limit: 5 }),
      ]),
    );
    await store.close();
    const versions = await sql("SELECT max(version) AS version FROM campaign_schema_migrations");
    await database.remove();

    expect(versions).toEqual([{ version: POSTGRES_SCHEMA_VERSION }]);
    expect(owner).toBe("local");
    expect(seat?.user).toBeNull();
    expect(page?.items).toEqual([
      expect.objectContaining({ seq: 1, actor: "local", type: "SESSION_STARTED" }),
    ]);
    expect(page?.items[0]).not.toHaveProperty("gm_only");
  });
});
