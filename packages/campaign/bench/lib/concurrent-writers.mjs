// 16 clients writing through 2 replicas to one campaign (docs/campaign.md §10.2, §10.4): counts
// what the log shows of lost updates, gaps, repeated seqs and outcomes applied twice.
import { call, connectHttp, startHttpReplica, tableOf } from "./mcp.mjs";

const CLIENTS = 16;

async function readLog(client, sessionId) {
  const events = [];
  let cursor = null;
  do {
    const query = cursor === null ? "?limit=200" : `?limit=200&cursor=${cursor}`;
    const result = await client.readResource({ uri: `session://${sessionId}/events${query}` });
    const page = JSON.parse(result.contents[0].text);
    events.push(...page.events);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return events.reverse();
}

async function writeFor(client, table, until, side) {
  let writes = 0;
  while (Date.now() < until) {
    const roll = await call(client, "session_action_roll", {
      campaign_id: table.campaignId,
      session_id: table.sessionId,
      character_id: table.characterId,
      trait: "presence",
      difficulty: 12,
    });
    await client.callTool({
      name: "session_roll_outcome_apply",
      arguments: { session_id: table.sessionId, roll_seq: roll.roll_seq },
    });
    await client.callTool({
      name: "gm_fear_adjust",
      arguments: { campaign_id: table.campaignId, delta: side === 0 ? 1 : -1 },
    });
    writes += 3;
  }
  return writes;
}

/** Follows Fear and Hope through the log; counts changes that did not start where the last ended. */
function lostUpdates(events, characterId) {
  const current = { gm_fear: 0, [`hope:${characterId}`]: 2, [`stress:${characterId}`]: 0 };
  let lost = 0;
  for (const event of events) {
    const payload = JSON.parse(event.payload_json);
    const changes =
      event.type === "OUTCOME_APPLIED"
        ? payload.applied_changes
        : event.type === "GM_FEAR_CHANGED"
          ? [{ field: "gm_fear", before: payload.before, after: payload.after }]
          : [];
    for (const change of changes) {
      const key = change.character_id ? `${change.field}:${change.character_id}` : change.field;
      if (current[key] !== change.before) lost += 1;
      current[key] = change.after;
    }
  }
  return lost;
}

/**
 * @param {string} location - a fresh PostgreSQL database
 * @param {number} seconds - how long the clients write
 */
export async function measureConcurrentWriters(location, seconds) {
  const replicas = [await startHttpReplica(location), await startHttpReplica(location)];
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, (_, index) => connectHttp(replicas[index % 2].url)),
  );
  const table = await tableOf(clients[0], "Crowd");
  const until = Date.now() + seconds * 1000;
  const writes = await Promise.all(
    clients.map((client, index) => writeFor(client, table, until, index % 2)),
  );
  const events = await readLog(clients[0], table.sessionId);
  const seqs = events.map((event) => event.seq);
  const applied = events
    .filter((event) => event.type === "OUTCOME_APPLIED")
    .map((event) => JSON.parse(event.payload_json).roll_seq);
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(replicas.map((replica) => replica.stop()));
  return {
    writes: writes.reduce((sum, count) => sum + count, 0),
    events: events.length,
    gaps: seqs.filter((seq, index) => index > 0 && seq !== seqs[index - 1] + 1).length,
    duplicates: seqs.length - new Set(seqs).size,
    appliedTwice: applied.length - new Set(applied).size,
    lostUpdates: lostUpdates(events, table.characterId),
  };
}
