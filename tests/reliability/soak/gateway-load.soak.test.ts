import type { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  callTool,
  connectHttp,
  type HttpProcess,
  startHttpCommand,
} from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { percentile, residentMiB } from "../tests/support/process.js";
import { rawHttp } from "../tests/support/raw-http.js";
import { gatewayBuilt, gatewayEntry, writeGatewayConfig } from "../tests/support/servers.js";

const CLIENTS = 64;
const LOAD_SECONDS = 60;

/** The mix each client cycles through: reads, rules, and a write to SQLite. */
const MIX: Array<{ tool: string; args: Record<string, unknown> }> = [
  { tool: "roll_dice", args: { dice_count: 4, dice_sides: 6, keep_highest: 3 } },
  { tool: "duality_action_roll", args: { modifier: 2, difficulty: 12 } },
  { tool: "roll", args: { notation: "2d20kh1+5" } },
  { tool: "duality_outcome", args: { hope: 7, fear: 4, modifier: 1, difficulty: 10 } },
  { tool: "campaign_create", args: { name: "Load", gm_mode: "AI" } },
];

interface RoundFigures {
  calls: number;
  errors: string[];
  latenciesMs: number[];
  rssSamplesMiB: number[];
}

async function sessionCount(url: string): Promise<number> {
  const health = await rawHttp(url, { method: "GET", path: "/mcp/health" });
  return (JSON.parse(health.body) as { sessions: number }).sessions;
}

/** 64 sessions calling in a loop for `seconds`, then each ends with DELETE. */
async function loadRound(gateway: HttpProcess, seconds: number): Promise<RoundFigures> {
  const figures: RoundFigures = { calls: 0, errors: [], latenciesMs: [], rssSamplesMiB: [] };
  const pid = gateway.child.pid as number;
  const sampler = setInterval(() => figures.rssSamplesMiB.push(residentMiB(pid)), 1000);
  const connections = await Promise.all(
    Array.from({ length: CLIENTS }, () => connectHttp(gateway.url)),
  );
  const deadline = Date.now() + seconds * 1000;
  const run = async (client: Client, index: number) => {
    for (let call = index; Date.now() < deadline; call++) {
      const { tool, args } = MIX[call % MIX.length] as (typeof MIX)[number];
      const started = performance.now();
      try {
        const result = await callTool(client, tool, args);
        figures.latenciesMs.push(performance.now() - started);
        if (result.isError)
          figures.errors.push(`${tool}: ${JSON.stringify(result.structuredContent)}`);
      } catch (error) {
        figures.errors.push(`${tool}: ${String(error)}`);
      }
      figures.calls++;
    }
  };
  await Promise.all(connections.map(({ client }, index) => run(client, index)));
  clearInterval(sampler);
  await Promise.all(
    connections.map(async (connection) => {
      await (connection.client.transport as StreamableHTTPClientTransport).terminateSession();
      await connection.close();
    }),
  );
  return figures;
}

let gateway: HttpProcess;

beforeAll(async () => {
  // Every client connects from 127.0.0.1: the per-address session cap (50 by default,
  // docs/contract.md §7.3) is raised so that this test measures load, not admission.
  gateway = await startHttpCommand(gatewayEntry, [
    "--config",
    writeGatewayConfig({ dice: { rate_limit_ms: 200 } }),
    "--max-sessions-per-client",
    String(CLIENTS),
  ]);
});
afterAll(async () => {
  await gateway?.stop();
});

it.skipIf(!gatewayBuilt)(
  `${CLIENTS} HTTP clients for ${LOAD_SECONDS} s against the gateway: zero errors, memory flat once sessions close`,
  async () => {
    const pid = gateway.child.pid as number;
    // RSS once every session is closed: the lowest of 5 s of samples (GC runs when it likes).
    const settledMiB = async () => {
      const samples: number[] = [];
      for (let second = 0; second < 5; second++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        samples.push(residentMiB(pid));
      }
      expect(await sessionCount(gateway.url)).toBe(0);
      return Math.min(...samples);
    };

    const warmUp = await loadRound(gateway, 10);
    const afterWarmUp = await settledMiB();
    const load = await loadRound(gateway, LOAD_SECONDS);
    const afterLoad = await settledMiB();
    const later: RoundFigures[] = [];
    const afterLater: number[] = [];
    for (let round = 0; round < 3; round++) {
      later.push(await loadRound(gateway, 15));
      afterLater.push(await settledMiB());
    }
    const again = { errors: later.flatMap((round) => round.errors) };
    const afterAgain = afterLater.at(-1) as number;

    const sorted = [...load.latenciesMs].sort((a, b) => a - b);
    const figures = {
      clients: CLIENTS,
      seconds: LOAD_SECONDS,
      calls: load.calls,
      calls_per_s: Math.round(load.calls / LOAD_SECONDS),
      errors: load.errors.length + warmUp.errors.length + again.errors.length,
      p50_ms: Number(percentile(sorted, 50).toFixed(1)),
      p95_ms: Number(percentile(sorted, 95).toFixed(1)),
      p99_ms: Number(percentile(sorted, 99).toFixed(1)),
      max_ms: Number((sorted.at(-1) ?? 0).toFixed(1)),
      rss_peak_mib: Math.round(Math.max(...load.rssSamplesMiB)),
      rss_after_warm_up_mib: Math.round(afterWarmUp),
      rss_after_load_mib: Math.round(afterLoad),
      rss_after_each_later_round_mib: afterLater.map(Math.round),
    };
    console.log(`gateway load figures: ${JSON.stringify(figures)}`);

    expect([...warmUp.errors, ...load.errors, ...again.errors].slice(0, 5)).toEqual([]);
    expect(load.calls).toBeGreaterThan(CLIENTS * LOAD_SECONDS);
    // Flat: with every session closed, memory does not climb round after round (GC slack allowed).
    const highestBefore = Math.max(afterWarmUp, afterLoad, ...afterLater.slice(0, -1));
    expect(afterAgain).toBeLessThan(highestBefore * 1.2 + 16);
  },
);
