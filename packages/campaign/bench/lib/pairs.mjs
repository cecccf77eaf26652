// Loads of chained calls through real clients, per second, and the CPU each step costs: durable
// roll + apply pairs (below), or any other work of the same shape (lib/attacks.mjs).
import { performance } from "node:perf_hooks";
import { cpuSeconds, machineBusySeconds } from "./cpu.mjs";
import { call, connectStdio, tableOf } from "./mcp.mjs";

/**
 * One durable roll + apply pair: a roll at the table, then its outcome applied. Both name their
 * ids, so that a 2026-07-28 client, which has no session context, makes the same calls.
 *
 * @param {import("@modelcontextprotocol/client").Client} client
 * @param {{ campaignId: string, sessionId: string, characterId: string }} table
 */
export async function pair(client, table) {
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
 * What a chain does: `setUp` makes the table it plays at (a campaign named `name`), `step` one
 * unit of the work counted.
 *
 * @typedef {{
 *   setUp: (client: import("@modelcontextprotocol/client").Client, name: string) => Promise<object>,
 *   step: (client: import("@modelcontextprotocol/client").Client, table: any) => Promise<void>,
 * }} ChainWork
 */

/** @type {ChainWork} A roll + apply pair per step, at a table of one PC and a session. */
export const ROLL_AND_APPLY = { setUp: tableOf, step: pair };

/**
 * Runs every chain's steps, one after another, until the deadline; answers how many ran. A
 * step under way at the deadline is finished (and counted).
 *
 * @param {{ client: import("@modelcontextprotocol/client").Client, table: object }[]} chains
 * @param {number} deadline - a `performance.now()` time
 * @param {ChainWork["step"]} [step]
 * @returns {Promise<number>}
 */
export async function runChains(chains, deadline, step = pair) {
  let steps = 0;
  await Promise.all(
    chains.map(async ({ client, table }) => {
      while (performance.now() < deadline) {
        await step(client, table);
        steps += 1;
      }
    }),
  );
  return steps;
}

/** The chains of one load: a client each, on the servers in turn, and the table it plays at. */
async function setUpChains(servers, { layout, chains: chainCount }, work) {
  const shared =
    layout === "one campaign" ? await work.setUp(servers[0].client, "Bench") : undefined;
  return Promise.all(
    Array.from({ length: chainCount }, async (_, index) => {
      const { client } = servers[index % servers.length];
      return { client, table: shared ?? (await work.setUp(client, `Bench ${index}`)) };
    }),
  );
}

/**
 * Starts one stdio server process per location (replica), on which loads of chained calls (roll
 * + apply pairs unless a load names other work) are then measured, one after another, until it
 * is closed.
 *
 * @param {object} options
 * @param {string[]} options.locations - one --db value per server process (replica)
 * @param {number[]} options.databaseParents - processes whose children are the database (PostgreSQL)
 */
export async function startPairServers({ locations, databaseParents }) {
  const servers = await Promise.all(locations.map((location) => connectStdio(location)));
  const scope = { pids: servers.map((server) => server.pid), parents: databaseParents };
  return {
    /**
     * Sets up a load's chains and runs them: first for `warmupSeconds` unmeasured (until the
     * servers' code is optimised and their pools and caches are full, so that the figure is the
     * one a long-running server gives), then for `seconds` measured.
     *
     * @param {{ layout: "one campaign" | "a campaign per chain", chains: number, work?: ChainWork }} load -
     *   `chains`: clients writing at once, each waiting for its answers; `work`: what each
     *   does, roll + apply pairs when absent
     * @param {{ warmupSeconds: number, seconds: number }} durations
     * @returns {Promise<{ stepsPerSecond: number, cpuMsPerStep: number, busyCores: number }>}
     *   busyCores: how many of the machine's cores were busy on average while measuring
     */
    async measure(load, { warmupSeconds, seconds }) {
      const work = load.work ?? ROLL_AND_APPLY;
      const chains = await setUpChains(servers, load, work);
      await runChains(chains, performance.now() + warmupSeconds * 1000, work.step);
      const cpuBefore = cpuSeconds(scope);
      const busyBefore = machineBusySeconds();
      const started = performance.now();
      const steps = await runChains(chains, started + seconds * 1000, work.step);
      const elapsed = (performance.now() - started) / 1000;
      const cpu = cpuSeconds(scope) - cpuBefore;
      const busy = machineBusySeconds() - busyBefore;
      return {
        stepsPerSecond: steps / elapsed,
        cpuMsPerStep: (cpu * 1000) / steps,
        busyCores: busy / elapsed,
      };
    },
    async close() {
      await Promise.all(servers.map((server) => server.client.close()));
    },
  };
}
