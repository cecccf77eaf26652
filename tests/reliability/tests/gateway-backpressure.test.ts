import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterEach, expect, it } from "vitest";
import { type Cost, sessionFrom, unreadStream, watchProcess } from "./support/hostile-clients.js";
import { MCP_HEADERS, messagesOf, rawHttp } from "./support/raw-http.js";
import { gatewayBuilt, gatewayEntry, writeGatewayConfig } from "./support/servers.js";

const NOISY_UPSTREAM = fileURLToPath(new URL("../fixtures/noisy-upstream.mjs", import.meta.url));
const SECONDS = 15;
/**
 * On a busy machine the upstream makes noise more slowly: the run goes on until enough was sent.
 * Relaying 300 MiB costs the gateway some 12 s of CPU, which took 45 s on a loaded 2-core machine
 * and more than 60 s beside the rest of the suite; this bound only ends a run that can never get
 * there.
 */
const MAX_SECONDS = 150;
const UNREAD_STREAMS = 4;
const RSS_LIMIT_MIB = 300;

let gateway: HttpProcess | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await gateway?.stop();
});

/** One tools/call in a session, answered or not; the result's structured content. */
async function callIn(url: string, session: string, name: string, args: object) {
  const answer = await rawHttp(url, {
    headers: { ...MCP_HEADERS, "mcp-session-id": session },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  const [message] = messagesOf(answer) as Array<{
    result?: { isError?: boolean; structuredContent?: Record<string, unknown> };
  }>;
  if (answer.status !== 200 || !message?.result || message.result.isError) {
    throw new Error(`${name} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  return message.result.structuredContent ?? {};
}

/** How many MiB of noise the upstream has sent so far. */
async function noiseSentMiB(url: string, session: string): Promise<number> {
  const noise = await callIn(url, session, "noise_sent", {});
  return (Number(noise.sent) * Number(noise.bytes_each)) / 1_048_576;
}

/**
 * Calls roll_dice every 100 ms for at least `seconds`, and on until each unread stream has been
 * offered more noise than the limit (at most MAX_SECONDS): how many calls were answered and failed.
 */
async function bystander(url: string, seconds: number, noiseWantedMiB: number) {
  const session = await sessionFrom(url);
  const figures = { answered: 0, failures: [] as string[], slowestMs: 0 };
  const started = Date.now();
  const enough = async () =>
    Date.now() - started >= seconds * 1000 &&
    (Date.now() - started >= MAX_SECONDS * 1000 ||
      (await noiseSentMiB(url, session)) > noiseWantedMiB);
  while (!(await enough())) {
    const started = Date.now();
    try {
      await callIn(url, session, "roll_dice", { dice_count: 2, dice_sides: 6 });
      figures.answered++;
    } catch (error) {
      figures.failures.push(String(error));
    }
    figures.slowestMs = Math.max(figures.slowestMs, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...figures, session };
}

it.skipIf(!gatewayBuilt)(
  `a noisy upstream and ${UNREAD_STREAMS} GET streams nobody reads: the gateway stays under ${RSS_LIMIT_MIB} MB and serves others`,
  async () => {
    const config = writeGatewayConfig({
      noisy: { command: process.execPath, args: [NOISY_UPSTREAM] },
    });
    gateway = await startHttpCommand(gatewayEntry, ["--config", config]);
    const watcher = watchProcess(gateway.child.pid as number);
    const watcherStarted = Date.now();
    for (let index = 0; index < UNREAD_STREAMS; index++) {
      sockets.push(await unreadStream(gateway.url, await sessionFrom(gateway.url)));
    }
    const served = await bystander(gateway.url, SECONDS, RSS_LIMIT_MIB);
    const cost: Cost = watcher.stop();
    const noiseMiB = await noiseSentMiB(gateway.url, served.session);
    console.log(
      `gateway with a noisy upstream: ${JSON.stringify({
        seconds: Math.round((Date.now() - watcherStarted) / 1000),
        unread_streams: UNREAD_STREAMS,
        noise_mib: Math.round(noiseMiB),
        rss_start_mib: Math.round(cost.samplesMiB[0] ?? 0),
        rss_peak_mib: Math.round(cost.peakMiB),
        cpu_s: Number(cost.cpuSeconds.toFixed(1)),
        bystander_calls: served.answered,
        bystander_slowest_ms: served.slowestMs,
      })}`,
    );

    expect(served.failures.slice(0, 3)).toEqual([]);
    expect(served.answered).toBeGreaterThan(SECONDS * 3);
    // Each unread stream was offered all the noise: without a bound the gateway would hold it.
    expect(noiseMiB * UNREAD_STREAMS).toBeGreaterThan(4 * RSS_LIMIT_MIB);
    expect(cost.peakMiB).toBeLessThan(RSS_LIMIT_MIB);
  },
  (MAX_SECONDS + 90) * 1000,
);
