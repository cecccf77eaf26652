// Time from a write sent to one replica to the resources/updated it causes at a client of
// another replica.
import { performance } from "node:perf_hooks";
import { call, connectStdio, tableOf } from "./mcp.mjs";

/**
 * @param {string} location - the database both replicas use
 * @param {number} samples
 * @returns {Promise<number[]>} milliseconds per notification
 */
export async function measureNotificationLatency(location, samples) {
  const writer = await connectStdio(location);
  const watcher = await connectStdio(location);
  const table = await tableOf(writer.client, "Latency");
  const uri = `session://${table.sessionId}/events`;
  let arrived = () => {};
  watcher.client.setNotificationHandler("notifications/resources/updated", (notification) => {
    if (notification.params.uri === uri) arrived();
  });
  await watcher.client.subscribeResource({ uri });
  const times = [];
  for (let index = 0; index < samples + 10; index++) {
    const heard = new Promise((resolve) => {
      arrived = resolve;
    });
    const started = performance.now();
    await call(writer.client, "session_note_add", {
      session_id: table.sessionId,
      text: `n${index}`,
    });
    await heard;
    if (index >= 10) times.push(performance.now() - started);
  }
  await writer.client.close();
  await watcher.client.close();
  return times;
}
