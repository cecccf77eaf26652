import pg from "pg";
import { describe, expect, it } from "vitest";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import {
  migrate,
  POSTGRES_SCHEMA_VERSION,
} from "../../../src/storage/postgres/postgres-migrations.js";
import { campaignRecord, FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase } from "../../support/store-under-test.js";

/** The version before context handles. */
const BEFORE_CONTEXT_HANDLES = 5;

const CONTEXT = '{"campaign_id":"camp_old","session_id":null,"participant_id":null}';

describe("the PostgreSQL migration to context handles", () => {
  it("keeps existing campaigns and kept sessions, and starts with no handles, then keeps them", async () => {
    const database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_CONTEXT_HANDLES);
    await pool.end();
    const sql = (text: string, values: unknown[] = []) => runSql(database.location, text, values);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
         gm_fear, created_at, updated_at)
       VALUES ('camp_old', 'camp_old', 'HUMAN', '', 0, 0, 0, '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO mcp_sessions (id, subject, initialize, context, subscriptions, last_seen)
       VALUES ('s-old', 'alice', '{}', $1, '[]', '${FIXTURE_TIME}')`,
      [CONTEXT],
    );

    const store = await openPostgresCampaignStore(database.location, { pool: 1 });
    const { campaign, session, handle } = await store.read(async (repository) => ({
      campaign: await repository.getCampaign("camp_old"),
      session: await repository.resumeMcpSession("s-old", FIXTURE_TIME, FIXTURE_TIME),
      handle: await repository.findContextHandle("alice", CONTEXT),
    }));
    const row = { id: "ctx_new", subject: "alice", context: CONTEXT, last_used: FIXTURE_TIME };
    const kept = await store.write(async (repository) => ({
      value: await repository.putContextHandle(row),
      changedUris: [],
    }));
    await store.close();
    const versions = await sql("SELECT max(version) AS version FROM campaign_schema_migrations");
    await database.remove();

    expect(versions).toEqual([{ version: POSTGRES_SCHEMA_VERSION }]);
    expect(campaign).toEqual(campaignRecord("camp_old"));
    expect(session).toEqual({
      id: "s-old",
      subject: "alice",
      initialize: "{}",
      context: CONTEXT,
      subscriptions: "[]",
      last_seen: FIXTURE_TIME,
    });
    expect(handle).toBeUndefined();
    expect(kept.value).toBe("ctx_new");
  });
});
