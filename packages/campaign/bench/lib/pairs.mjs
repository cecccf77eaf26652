// Durable roll + apply pairs per second through real clients, and the CPU each pair costs.
import { performance } from "node:perf_hooks";
import { cpuSeconds } from "./cpu.mjs";
import { call, connectStdio, tableOf } from "./mcp.mjs";

const CHAINS = 16;
const WARMUP_PAIRS = 10;

async function pair(client, table) {
  const roll = await call(client, "session_action_roll", {
    campaign_id: table.campaignId,
    session_id: table.sessionId,
    character_id: table.characterId,
    trait: "agility",
    difficulty: 12,
  });
  await call(client, "session_roll_outcome_apply", {
    session_id: table.sessionId,
    roll_seq: roll.roll_seq,
  });
}

/**
 * Runs 16 chains of roll + apply pairs, spread over one stdio server process per location,
 * for a fixed time.
 *
 * @param {object} options
 * @param {string[]} options.locations - one --db value per server process (replica)
 * @param {"one campaign" | "a campaign per chain"} options.layout
 * @param {number} options.seconds - how long to measure
 * @param {number[]} options.databaseParents - processes whose children are the database (PostgreSQL)
 * @returns {Promise<{ pairsPerSecond: number, cpuMsPerPair: number }>}
 */
export async function measurePairs({ locations, layout, seconds, databaseParents }) {
  const servers = await Promise.all(locations.map((location) => connectStdio(location)));
  const shared = layout === "one campaign" ? await tableOf(servers[0].client, "Bench") : undefined;
  const chains = [];
  for (let index = 0; index < CHAINS; index++) {
    const { client } = servers[index % servers.length];
    chains.push({ client, table: shared ?? (await tableOf(client, `Bench ${index}`)) });
  }
  await Promise.all(
    chains.map(async ({ client, table }) => {
      for (let index = 0; index < WARMUP_PAIRS; index++) await pair(client, table);
    }),
  );
  const scope = { pids: servers.map((server) => server.pid), parents: databaseParents };
  const cpuBefore = cpuSeconds(scope);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let pairs = 0;
  await Promise.all(
    chains.map(async ({ client, table }) => {
      while (performance.now() < deadline) {
        await pair(client, table);
        pairs += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(scope) - cpuBefore;
  await Promise.all(servers.map((server) => server.client.close()));
  return { pairsPerSecond: pairs / elapsed, cpuMsPerPair: (cpu * 1000) / pairs };
}
