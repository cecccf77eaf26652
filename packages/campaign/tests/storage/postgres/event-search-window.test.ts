import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchPosition } from "../../../src/domain/search-cursor.js";
import type { CampaignStore } from "../../../src/storage/campaign-store.js";
import { openPostgresCampaignStore } from "../../../src/storage/postgres/open-postgres-store.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { runSql } from "../../support/sql.mjs";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";

/** More events than the newest positions a search walks before it asks the index (10,000). */
const EVENTS = 12_000;

/** The seqs of the notes holding `word`, newest first, by the rule the log is written with. */
function holding(word: "goblin" | "wolf"): number[] {
  const seqs = [];
  for (let seq = EVENTS; seq >= 1; seq--) {
    if (word === "goblin" ? seq % 1000 === 0 : seq === 3 || seq === 7) seqs.push(seq);
  }
  return seqs;
}

describe("a PostgreSQL search of a campaign longer than the newest positions it walks", () => {
  let database: TestDatabase;
  let store: CampaignStore;

  beforeAll(async () => {
    database = await newPostgresDatabase();
    const sql = (text: string, values: unknown[] = []) => runSql(database.location, text, values);
    await sql(
      `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count,
         character_count, gm_fear, created_at, updated_at)
       VALUES ('camp_long', 'Long', 'HUMAN', '', 0, 0, 0, $1, $1)`,
      [FIXTURE_TIME],
    );
    await sql(
      `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
       VALUES ('sess_long', 'camp_long', '', 'ACTIVE', $1, $1)`,
      [FIXTURE_TIME],
    );
    await sql(
      `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id,
         payload_json)
       SELECT 'sess_long', g, $1, 'NOTE_ADDED', g::text, 'inv_' || g,
         json_build_object('text', CASE WHEN g % 1000 = 0 THEN 'goblin ' || g
           WHEN g IN (3, 7) THEN 'wolf ' || g ELSE 'road ' || g END)::text
       FROM generate_series(1, $2::integer) AS g`,
      [FIXTURE_TIME, EVENTS],
    );
    await sql("ANALYZE session_event_search");
    store = await openPostgresCampaignStore(database.location, { pool: 2 });
  });

  afterAll(async () => {
    await store.close();
    await database.remove();
  });

  async function pages(word: string, limit: number): Promise<number[][]> {
    const found: number[][] = [];
    let before: SearchPosition | undefined;
    for (;;) {
      const page = await store.read((repository) =>
        repository.searchEvents("camp_long", { words: [word], before, limit }),
      );
      if (!page) throw new Error("the cursor was refused");
      found.push(page.items.map((event) => event.seq));
      const last = page.items.at(-1);
      if (!page.hasMore || !last) return found;
      before = { sessionId: last.session_id, seq: last.seq };
    }
  }

  it("finds the events holding a word only older than the newest positions", async () => {
    expect(await pages("wolf", 20)).toEqual([holding("wolf")]);
  });

  it("finds the newest events holding a word on both sides of them, in one page", async () => {
    expect(await pages("goblin", 20)).toEqual([holding("goblin")]);
  });

  it("pages across them newest first, each event once", async () => {
    const expected = holding("goblin");
    expect(await pages("goblin", 5)).toEqual([
      expected.slice(0, 5),
      expected.slice(5, 10),
      expected.slice(10),
    ]);
  });
});
