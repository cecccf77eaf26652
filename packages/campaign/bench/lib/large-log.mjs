// A session of a million notes, read through a real client: its newest 50 events, and searches
// of its text for a common word and a rare one.
import { performance } from "node:perf_hooks";
import { openCampaignStore } from "../../dist/index.js";
import { runSql } from "../../tests/support/sql.mjs";
import { call, connectStdio } from "./mcp.mjs";

const TS = "2025-01-15T10:00:00.000Z";

/** What the notes say, in turn: "goblin" is in one note in eight. */
const NOTES = [
  "The party crosses the river at dusk",
  "Goblin scouts watch the road from the ridge",
  "Mira haggles with the ferryman over the fare",
  "Rain turns the mountain pass to mud",
  "The innkeeper hears rumours about the old keep",
  "A wolf howls somewhere beyond the campfire",
  "Thorne studies the map by lantern light",
  "The caravan master pays half the promised coin",
];

/** Every `RARE_EVERY`th note says `RARE_NOTE` instead, the only one holding "Vexmoor". */
const RARE_EVERY = 10_000;
const RARE_NOTE = "A letter bearing the seal of Vexmoor turns up";

/** The searches timed: a word many notes hold and one that few do, with their share. */
export const SEARCHES = [
  { query: "goblin", share: `1 note in ${NOTES.length}` },
  { query: "Vexmoor", share: `1 note in ${RARE_EVERY.toLocaleString("en")}` },
];

/** The text of note `seq`, with its number so that each differs. */
function noteText(seq) {
  const text = seq % RARE_EVERY === 0 ? RARE_NOTE : NOTES[seq % NOTES.length];
  return `${text} (note ${seq})`;
}

/**
 * A campaign of the process owner (`local`, who reads it over stdio) and its session holding
 * `events` notes, written directly into a SQLite file.
 */
export async function buildSqliteLog(path, events) {
  const store = openCampaignStore(path);
  await store.write(async (repository) => {
    await repository.insertCampaign({
      id: "camp_bench",
      name: "Bench",
      gm_mode: "AI",
      participant_count: 0,
      character_count: 0,
      gm_fear: 0,
      theme_prompt: "",
      created_at: TS,
      updated_at: TS,
    });
    await repository.recordOwner("camp_bench", "local");
    await repository.insertSession({
      id: "sess_bench",
      campaign_id: "camp_bench",
      name: "",
      status: "ACTIVE",
      started_at: TS,
      updated_at: TS,
    });
    for (let first = 1; first <= events; first += 1000) {
      const seqs = Array.from({ length: Math.min(1000, events - first + 1) }, (_, i) => first + i);
      await repository.appendEvents(
        seqs.map((seq) => ({
          session_id: "sess_bench",
          seq,
          ts: TS,
          type: "NOTE_ADDED",
          request_id: String(seq),
          invocation_id: `inv_${seq}`,
          actor: "local",
          payload_json: JSON.stringify({ text: noteText(seq) }),
        })),
      );
    }
    return { value: undefined, changedUris: [] };
  });
  await store.close();
}

/** The same log in a migrated PostgreSQL database, indexed for search by its own trigger. */
export async function buildPostgresLog(url, events) {
  await runSql(
    url,
    `INSERT INTO campaigns (id, name, gm_mode, theme_prompt, participant_count, character_count,
       gm_fear, created_at, updated_at)
     VALUES ('camp_bench', 'Bench', 'AI', '', 0, 0, 0, $1, $1)`,
    [TS],
  );
  await runSql(
    url,
    "INSERT INTO campaign_owners (campaign_id, owner) VALUES ('camp_bench', 'local')",
  );
  await runSql(
    url,
    `INSERT INTO sessions (id, campaign_id, name, status, started_at, updated_at)
     VALUES ('sess_bench', 'camp_bench', '', 'ACTIVE', $1, $1)`,
    [TS],
  );
  await runSql(
    url,
    `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id, actor,
       payload_json)
     SELECT 'sess_bench', g, $1, 'NOTE_ADDED', g::text, 'inv_' || g, 'local',
       json_build_object('text',
         CASE WHEN g % $4 = 0 THEN $5 ELSE ($3::text[])[g % cardinality($3::text[]) + 1] END
         || ' (note ' || g || ')')::text
     FROM generate_series(1, $2::integer) AS g`,
    [TS, events, NOTES, RARE_EVERY, RARE_NOTE],
  );
  // A bulk load leaves the planner the statistics of an empty search index until autovacuum
  // analyses it, as a running server's database soon would: without them every search walks or
  // scans the whole index.
  await runSql(url, "ANALYZE session_events, session_event_search");
}

/**
 * Times `resources/read` of the newest 50 events through a stdio server on `location`.
 *
 * @returns {Promise<number[]>} milliseconds per read
 */
export async function timeNewestEvents(location, samples, events) {
  const { client } = await connectStdio(location);
  const times = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    const result = await client.readResource({ uri: "session://sess_bench/events" });
    times.push(performance.now() - started);
    const page = JSON.parse(result.contents[0].text);
    if (page.events.length !== 50 || page.events[0].seq !== events) throw new Error("wrong page");
  }
  await client.close();
  return times;
}

/**
 * Times `session_log_search` for `query` through a stdio server on `location`: the newest page
 * of 20 events holding it, as the GM (the process owner) asks.
 *
 * @returns {Promise<number[]>} milliseconds per search
 */
export async function timeSearches(location, query, samples) {
  const { client } = await connectStdio(location);
  const times = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    const page = await call(client, "session_log_search", { campaign_id: "camp_bench", query });
    times.push(performance.now() - started);
    const texts = page.events.map((event) => JSON.parse(event.payload_json).text.toLowerCase());
    if (texts.length === 0 || texts.some((text) => !text.includes(query.toLowerCase()))) {
      throw new Error(`wrong matches for ${query}`);
    }
  }
  await client.close();
  return times;
}
