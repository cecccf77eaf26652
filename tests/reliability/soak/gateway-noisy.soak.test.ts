import type { Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  callTool,
  connectHttp,
  type HttpProcess,
  startHttpCommand,
} from "@tabletop-mcp/kit/testing";
import { afterAll, expect, it } from "vitest";
import { sessionFrom, unreadStream, watchProcess } from "../tests/support/hostile-clients.js";
import { gatewayBuilt, gatewayEntry, writeGatewayConfig } from "../tests/support/servers.js";

const NOISY_UPSTREAM = fileURLToPath(new URL("../fixtures/noisy-upstream.mjs", import.meta.url));
/** `SOAK_SECONDS` shortens the run (e.g. 20 to try it once). */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CLIENTS = 8;
const UNREAD_STREAMS = 4;
/** 64 KiB × 30 a second: about 2 MB/s for every session, read or not. */
const NOISE_PER_SECOND = 30;
const RSS_LIMIT_MIB = 300;

let gateway: HttpProcess | undefined;
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await gateway?.stop();
});

const MIX: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: "roll_dice", args: { dice_count: 4, dice_sides: 6, keep_highest: 3 } },
  { tool: "duality_action_roll", args: { modifier: 2, difficulty: 12 } },
  { tool: "campaign_create", args: { name: "Noisy", gm_mode: "AI" } },
];

async function load(client: Client, until: number, errors: string[]): Promise<number> {
  let calls = 0;
  for (let call = 0; Date.now() < until; call++) {
    const { tool, args } = MIX[call % MIX.length] as (typeof MIX)[number];
    try {
      const result = await callTool(client, tool, args);
      if (result.isError) errors.push(`${tool}: ${JSON.stringify(result.structuredContent)}`);
    } catch (error) {
      errors.push(`${tool}: ${String(error)}`);
    }
    calls++;
  }
  return calls;
}

it.skipIf(!gatewayBuilt)(
  `${CLIENTS} clients, ${UNREAD_STREAMS} streams nobody reads and a noisy upstream for ${SECONDS} s: the gateway stays under ${RSS_LIMIT_MIB} MB`,
  async () => {
    const config = writeGatewayConfig({
      noisy: {
        command: process.execPath,
        args: [NOISY_UPSTREAM],
        env: { NOISE_PER_SECOND: String(NOISE_PER_SECOND) },
      },
    });
    gateway = await startHttpCommand(gatewayEntry, ["--config", config]);
    const watcher = watchProcess(gateway.child.pid as number, 1_000);
    for (let index = 0; index < UNREAD_STREAMS; index++) {
      sockets.push(await unreadStream(gateway.url, await sessionFrom(gateway.url)));
    }
    const connections = await Promise.all(
      Array.from({ length: CLIENTS }, () => connectHttp(gateway?.url ?? "")),
    );
    const errors: string[] = [];
    const until = Date.now() + SECONDS * 1000;
    const calls = await Promise.all(connections.map(({ client }) => load(client, until, errors)));
    const cost = watcher.stop();
    await Promise.all(
      connections.map(async (connection) => {
        await (connection.client.transport as StreamableHTTPClientTransport).terminateSession();
        await connection.close();
      }),
    );
    const total = calls.reduce((sum, count) => sum + count, 0);
    console.log(
      `gateway with a noisy upstream and unread streams: ${JSON.stringify({ seconds: SECONDS, clients: CLIENTS, unread_streams: UNREAD_STREAMS, calls: total, errors: errors.length, rss_start_mib: Math.round(cost.samplesMiB[0] ?? 0), rss_peak_mib: Math.round(cost.peakMiB), cpu_s: Number(cost.cpuSeconds.toFixed(1)) })}`,
    );
    expect(errors.slice(0, 5)).toEqual([]);
    expect(total).toBeGreaterThan(CLIENTS * SECONDS);
    expect(cost.peakMiB).toBeLessThan(RSS_LIMIT_MIB);
  },
);
