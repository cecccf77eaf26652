// Reading the newest 50 events of a session of a million, through a real client.
import { performance } from "node:perf_hooks";
import { openCampaignStore } from "../../dist/index.js";
import { runSql } from "../../tests/support/sql.mjs";
import { connectStdio } from "./mcp.mjs";

const TS = "2025-01-15T10:00:00.000Z";

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
          payload_json: `{"text":"note ${seq}"}`,
        })),
      );
    }
    return { value: undefined, changedUris: [] };
  });
  await store.close();
}

/** The same log in a migrated PostgreSQL database, written by the server itself. */
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
       '{"text":"note ' || g || '"}'
     FROM generate_series(1, $2::integer) AS g`,
    [TS, events],
  );
  await runSql(url, "ANALYZE session_events");
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
