import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { combiningStatements } from "../../../src/storage/postgres/combined-statements.js";
import { poolConfig } from "../../../src/storage/postgres/connection-options.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import {
  migrate,
  POSTGRES_SCHEMA_VERSION,
} from "../../../src/storage/postgres/postgres-migrations.js";
import {
  runTransaction,
  type Statement,
} from "../../../src/storage/postgres/postgres-transaction.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";

/**
 * The PostgreSQL schema's checks kept by domains (migration 4) and lookups combined into one
 * statement of scalar subqueries (docs/campaign.md §10.2), on a real database.
 */

/** The version before the checks of events, character states and campaigns became domains. */
const BEFORE_DOMAINS = 3;

const CAMPAIGN_COLUMNS = `id, name, gm_mode, theme_prompt, participant_count, character_count,
  gm_fear, created_at, updated_at`;

function campaignValues(id: string, fear = 0): string {
  return `'${id}', 'Name of ${id}', 'HUMAN', '', 0, 0, ${fear}, '${FIXTURE_TIME}', '${FIXTURE_TIME}'`;
}

const lookup = (text: string, values: unknown[]): Statement => ({ text, values, lookup: true });

describe("the PostgreSQL schema's checks and combined lookups", () => {
  let database: TestDatabase;
  const sql = (text: string) => runSql(database.location, text, []);

  beforeAll(async () => {
    database = await newPostgresDatabase({ empty: true });
    const pool = new pg.Pool(poolConfig(database.location, 1));
    await migrate(pool, BEFORE_DOMAINS);
    await pool.end();
    // Rows written before the migration, which must come through it as they were.
    await sql(
      `INSERT INTO campaigns (${CAMPAIGN_COLUMNS}) VALUES (${campaignValues("camp_a", 5)})`,
    );
    await sql(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
       VALUES ('sess_a', 'camp_a', '', 'ACTIVE', '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    await sql(
      `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id, actor,
         payload_json)
       VALUES ('sess_a', 1, '${FIXTURE_TIME}', 'SESSION_STARTED', '1', 'inv_1', 'gm',
         '{"b":1,"a":2}')`,
    );
    await (await openPostgresCampaignStore(database.location, { pool: 1 })).close();
  });

  afterAll(async () => {
    await database.remove();
  });

  it("keeps the rows written before the migration, byte for byte", async () => {
    expect(await sql("SELECT max(version) AS version FROM campaign_schema_migrations")).toEqual([
      { version: POSTGRES_SCHEMA_VERSION },
    ]);
    expect(await sql("SELECT gm_fear, gm_mode FROM campaigns WHERE id = 'camp_a'")).toEqual([
      { gm_fear: 5, gm_mode: "HUMAN" },
    ]);
    expect(await sql("SELECT type, actor, payload_json FROM session_events")).toEqual([
      { type: "SESSION_STARTED", actor: "gm", payload_json: '{"b":1,"a":2}' },
    ]);
  });

  it.each([
    ["an unknown event type", "UPDATE session_events SET type = 'SESSION_PAUSED'"],
    ["an empty actor", "UPDATE session_events SET actor = ''"],
    ["a payload that is no JSON object", "UPDATE session_events SET payload_json = '[1]'"],
    ["Fear above 12", "UPDATE campaigns SET gm_fear = 13"],
    ["a negative count", "UPDATE campaigns SET character_count = -1"],
    ["an unknown GM mode", "UPDATE campaigns SET gm_mode = 'ROBOT'"],
    ["an empty campaign name", "UPDATE campaigns SET name = ''"],
    ["a theme over 4,000 characters", `UPDATE campaigns SET theme_prompt = repeat('x', 4001)`],
  ])("refuses %s as the table's CHECK did", async (_what, statement) => {
    await expect(sql(statement)).rejects.toMatchObject({
      code: "23514",
      message: expect.stringMatching(/violates check constraint/),
    });
  });

  it("refuses a payload that is no JSON, as the cast in the table's CHECK did", async () => {
    await expect(sql("UPDATE session_events SET payload_json = '{'")).rejects.toMatchObject({
      code: "22P02",
      message: expect.stringMatching(/invalid input syntax for type json/),
    });
  });

  it("refuses character states out of their bounds, in an insert with parameters", async () => {
    await sql(
      `INSERT INTO characters (id, campaign_id, name, kind, notes, created_at, updated_at)
       VALUES ('char_a', 'camp_a', 'A', 'PC', '', '${FIXTURE_TIME}', '${FIXTURE_TIME}')`,
    );
    const insert =
      "INSERT INTO character_states (character_id, hope, stress, hp) VALUES ($1, $2, $3, $4)";
    for (const values of [
      ["char_a", 7, 0, 1],
      ["char_a", 0, 21, 1],
      ["char_a", 0, 0, 31],
      ["char_a", -1, 0, 1],
    ]) {
      await expect(runSql(database.location, insert, values)).rejects.toMatchObject({
        code: "23514",
      });
    }
    await runSql(database.location, insert, ["char_a", 6, 20, 30]);
    expect(await sql("SELECT hope, stress, hp FROM character_states")).toEqual([
      { hope: 6, stress: 20, hp: 30 },
    ]);
  });

  it("has no CHECK constraint left on the columns every roll and outcome writes", async () => {
    const rows = await sql(
      `SELECT conrelid::regclass::text AS relation, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
       WHERE contype = 'c' AND conrelid::regclass::text IN
         ('session_events', 'character_states', 'campaigns')`,
    );
    // The event number's check stays on the table: the column is part of a key other tables
    // refer to, and its check is one comparison.
    expect(rows).toEqual([{ relation: "session_events", definition: "CHECK ((seq >= 1))" }]);
  });

  it("answers lookups issued together one row each, or none, typed as they would be alone", async () => {
    const pool = new pg.Pool(poolConfig(database.location, 1));
    try {
      const [found, missing, alone] = await runTransaction(pool, async (statements) => {
        const combined = combiningStatements(statements);
        const together = await Promise.all([
          combined.query(lookup("SELECT id, gm_fear FROM campaigns WHERE id = $1", ["camp_a"])),
          combined.query(lookup("SELECT id, gm_fear FROM campaigns WHERE id = $1", ["none"])),
        ]);
        const single = await combined.query(
          lookup("SELECT id, gm_fear FROM campaigns WHERE id = $1", ["camp_a"]),
        );
        return [...together, single];
      });
      expect(found?.rows).toEqual([{ id: "camp_a", gm_fear: 5 }]);
      expect(missing?.rows).toEqual([]);
      expect(alone?.rows).toEqual([{ id: "camp_a", gm_fear: 5 }]);
    } finally {
      await pool.end();
    }
  });

  it("refuses, rather than answers part of, a lookup that finds a second row", async () => {
    await sql(`INSERT INTO campaigns (${CAMPAIGN_COLUMNS}) VALUES (${campaignValues("camp_b")})`);
    const pool = new pg.Pool(poolConfig(database.location, 1));
    try {
      const reading = runTransaction(pool, (statements) => {
        const combined = combiningStatements(statements);
        return Promise.all([
          combined.query(lookup("SELECT id FROM campaigns WHERE gm_fear >= $1", [0])),
          combined.query(lookup("SELECT id FROM campaigns WHERE id = $1", ["camp_a"])),
        ]);
      });
      await expect(reading).rejects.toThrow(/more than one row returned by a subquery/);
    } finally {
      await pool.end();
    }
  });
});
