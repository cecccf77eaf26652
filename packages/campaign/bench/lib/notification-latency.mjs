// Time from a write sent to one replica to the resources/updated it causes at a client of
// another replica: a 2025-era subscriber (resources/subscribe over stdio), or a modern
// (2026-07-28) client's subscriptions/listen stream over HTTP.
import { performance } from "node:perf_hooks";
import { call, connectHttp, connectStdio, startHttpReplica, tableOf } from "./mcp.mjs";

/** Samples taken first and dropped: the replicas' code compiling, their pools filling. */
const DISCARDED = 10;

/**
 * Adds notes to the table's session through `writer`, one at a time, each once the watcher
 * heard of the one before, and times each from the write sent to the update heard.
 *
 * @param {import("@modelcontextprotocol/client").Client} writer
 * @param {import("@modelcontextprotocol/client").Client} watcher - hears the session's events
 * @param {{ sessionId: string }} table
 * @param {number} samples
 * @returns {Promise<number[]>} milliseconds per notification
 */
async function timeUpdates(writer, watcher, table, samples) {
  const uri = eventsUri(table);
  let arrived = () => {};
  watcher.setNotificationHandler("notifications/resources/updated", (notification) => {
    if (notification.params.uri === uri) arrived();
  });
  const times = [];
  for (let index = 0; index < samples + DISCARDED; index++) {
    const heard = new Promise((resolve) => {
      arrived = resolve;
    });
    const started = performance.now();
    await call(writer, "session_note_add", { session_id: table.sessionId, text: `n${index}` });
    await heard;
    if (index >= DISCARDED) times.push(performance.now() - started);
  }
  return times;
}

function eventsUri(table) {
  return `session://${table.sessionId}/events`;
}

/**
 * Two stdio replicas on one database; the watcher subscribes with `resources/subscribe`.
 *
 * @param {string} location - the database both replicas use
 * @param {number} samples
 * @returns {Promise<number[]>} milliseconds per notification
 */
export async function measureNotificationLatency(location, samples) {
  const writer = await connectStdio(location);
  const watcher = await connectStdio(location);
  try {
    const table = await tableOf(writer.client, "Latency");
    await watcher.client.subscribeResource({ uri: eventsUri(table) });
    return await timeUpdates(writer.client, watcher.client, table, samples);
  } finally {
    await writer.client.close();
    await watcher.client.close();
  }
}

/**
 * Two HTTP replicas on one database and a modern client of each, by its own URL (no balancer):
 * the writer's on replica A, the listener's on replica B, which hears through a
 * `subscriptions/listen` stream what A wrote to the database.
 *
 * @param {string} location - the database both replicas use
 * @param {number} samples
 * @returns {Promise<{ times: number[], stopped: Promise<void> }>} milliseconds per notification;
 *   `stopped` resolves once both replicas exited (a shutdown waits a few seconds for the idle
 *   connections the clients' pool holds, which the caller need not wait for)
 */
export async function measureListenLatency(location, samples) {
  const replicas = await Promise.all([startHttpReplica(location), startHttpReplica(location)]);
  const clients = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.close()));
    await Promise.all(replicas.map((replica) => replica.stop()));
  };
  let times;
  try {
    const writer = await connectHttp(replicas[0].url, { era: "modern" });
    clients.push(writer);
    const listener = await connectHttp(replicas[1].url, { era: "modern" });
    clients.push(listener);
    const table = await tableOf(writer, "Listen latency");
    const stream = await listener.listen({ resourceSubscriptions: [eventsUri(table)] });
    try {
      times = await timeUpdates(writer, listener, table, samples);
    } finally {
      await stream.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { times, stopped: stop() };
}
