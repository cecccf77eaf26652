#!/usr/bin/env node
// Benchmarks of @tabletop-mcp/campaign, run after a build: `node bench/run.mjs [--quick]`.
// SQLite and PostgreSQL side by side in one run (docs/campaign.md §10.4); PostgreSQL is a
// cluster of the run's own, started and removed here. Prints a table to stderr and, as the last
// line of stdout, one JSON object of results.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgresServer } from "../tests/support/postgres-server.mjs";
import { runSql } from "../tests/support/sql.mjs";
import { ATTACK_WITH_DAMAGE } from "./lib/attacks.mjs";
import { measureConcurrentWriters } from "./lib/concurrent-writers.mjs";
import { cpuAccountingAvailable } from "./lib/cpu.mjs";
import { balancerAvailable, median, startHttpStores } from "./lib/http-pairs.mjs";
import {
  buildPostgresLog,
  buildSqliteLog,
  SEARCHES,
  timeNewestEvents,
  timeSearches,
} from "./lib/large-log.mjs";
import { connectStdio } from "./lib/mcp.mjs";
import { measureListenLatency, measureNotificationLatency } from "./lib/notification-latency.mjs";
import { startPairServers } from "./lib/pairs.mjs";
import { playSession, timeRecaps } from "./lib/recap.mjs";

const quick = process.argv.includes("--quick");
/**
 * How long each store's servers run a load of pairs unmeasured before their first measurement,
 * in a quick run too: a shorter warm-up leaves two replicas, each seeing half the calls,
 * measured while they still compile their code.
 */
const PAIR_WARMUP_SECONDS = 4;
/**
 * A quick run starts each store's servers once for all the loads (`sharedPairServers`): warmed
 * up once, then run unmeasured only `pairSettleSeconds` before each further load, long enough
 * for the new load's tables and contention. A full run starts fresh servers for every load.
 * The load with targets is measured longer in a quick run than the others, whose figures are
 * only shown: a second of other work on the machine then moves its verdicts less.
 *
 * Over HTTP only the load with targets is measured, every store and era on the same servers in
 * turns of `httpTurnSeconds`, until each has run `httpPairSeconds`; figures are medians over
 * the rounds. A turn counts the pairs finished within it; those under way are finished after
 * it, unmeasured. A pair takes 64 chains / pairs per second, a quarter to half a second over
 * HTTP here, and all chains start together, so a turn is kept to several of those: turns of
 * half a second were seen to vary threefold between neighbours.
 */
const SETTINGS = quick
  ? {
      sharedPairServers: true,
      pairSettleSeconds: 0.5,
      targetPairSeconds: 2,
      pairSeconds: 1,
      httpPairSeconds: 2,
      httpTurnSeconds: 1,
      events: 100_000,
      listSamples: 100,
      searchSamples: 100,
      recapSamples: 30,
      latencySamples: 60,
      writerSeconds: 2,
    }
  : {
      sharedPairServers: false,
      targetPairSeconds: 8,
      pairSeconds: 8,
      httpPairSeconds: 8,
      httpTurnSeconds: 2,
      events: 1_000_000,
      listSamples: 1_000,
      searchSamples: 1_000,
      recapSamples: 300,
      latencySamples: 300,
      writerSeconds: 30,
    };

/**
 * The loads of roll + apply pairs (docs/campaign.md §10.4). The targets are read at capacity:
 * a table service holds many campaigns, and 64 chains keep every process busy, so the figure
 * is what the machine can do. 16 chains leave a single replica short of work (its pairs/s is
 * then its latency, not its capacity), and one campaign makes every write wait for the one
 * before it; both are shown for what they tell, without a target.
 */
const PAIR_LOADS = [
  { layout: "a campaign per chain", chains: 64, targets: true },
  { layout: "a campaign per chain", chains: 16, targets: false },
  { layout: "one campaign", chains: 64, targets: false },
  { layout: "one campaign", chains: 16, targets: false },
];

/**
 * Adversary attacks with their damage applied (docs/campaign.md §10.4), read at capacity as
 * the pairs are: 64 chains, a fight each, every session's log with a subscriber. Measured
 * after the pairs, a fifth load on each store.
 */
const ATTACK_LOAD = {
  layout: "a campaign per chain",
  chains: 64,
  targets: true,
  work: ATTACK_WITH_DAMAGE,
};

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

const round = (value, digits = 0) => Number(value.toFixed(digits));

/**
 * HTTP servers still shutting down: a shutdown waits a few seconds for the idle connections the
 * clients' pool holds, which the next measurements need not wait for. Awaited before the
 * database cluster is removed.
 */
const stopping = [];

/** Fresh databases: files in one directory, databases of one cluster. */
function databases(directory, server) {
  let count = 0;
  return {
    sqlite: () => join(directory, `bench-${++count}.db`),
    postgres: async () => {
      const name = `bench_${++count}`;
      await runSql(server.url, `CREATE DATABASE ${name}`);
      return server.url.replace(/\/postgres$/, `/${name}`);
    },
  };
}

/** The rows of one load: pairs/s, CPU per pair and busy cores of each store, side by side. */
function pairRows({ layout, chains, targets }, [sqlite, one, two]) {
  const label = `${chains} chains, ${layout}`;
  const cpuBound = `<= ${round(2 * sqlite.cpuMsPerStep, 2)}`;
  const stores = [
    { store: "SQLite", figure: sqlite, pairsTarget: "", cpuTarget: "" },
    { store: "PostgreSQL, 1 replica", figure: one, pairsTarget: ">= 1000", cpuTarget: cpuBound },
    {
      store: "PostgreSQL, 2 replicas",
      figure: two,
      pairsTarget: `>= ${round(one.stepsPerSecond)}`,
      cpuTarget: cpuBound,
    },
  ];
  const results = stores.map(({ store, figure, pairsTarget }) => ({
    name: `durable roll + apply pairs over stdio, ${label}: ${store}`,
    value: round(figure.stepsPerSecond),
    unit: "pairs/s",
    target: targets ? pairsTarget : "",
  }));
  if (!cpuAccountingAvailable()) return results;
  for (const { store, figure, cpuTarget } of stores) {
    results.push({
      name: `CPU per pair (client + servers + database), ${label}: ${store}; ${round(figure.busyCores, 2)} cores busy`,
      value: round(figure.cpuMsPerStep, 2),
      unit: "ms",
      target: targets ? cpuTarget : "",
    });
  }
  return results;
}

/** The attack load's rows: attacks/s of each store, SQLite's with its target, and their CPU. */
function attackRows({ layout, chains }, figures) {
  const label = `${chains} chains, ${layout}, a subscriber to each session's log`;
  const stores = ["SQLite", "PostgreSQL, 1 replica", "PostgreSQL, 2 replicas"];
  const results = figures.map((figure, index) => ({
    name: `adversary_attack with apply: true (roll, damage marked, events, notification) over stdio, ${label}: ${stores[index]}`,
    value: round(figure.stepsPerSecond),
    unit: "attacks/s",
    target: index === 0 ? ">= 1000" : "",
  }));
  if (!cpuAccountingAvailable()) return results;
  for (const [index, figure] of figures.entries()) {
    results.push({
      name: `CPU per attack (client + servers + database), ${label}: ${stores[index]}; ${round(figure.busyCores, 2)} cores busy`,
      value: round(figure.cpuMsPerStep, 2),
      unit: "ms",
      target: "",
    });
  }
  return results;
}

/** Every load on the servers of each store, in order, with the function giving its rows. */
const CHAIN_LOADS = [
  ...PAIR_LOADS.map((load) => ({ ...load, rows: pairRows })),
  { ...ATTACK_LOAD, rows: attackRows },
];

/** Each store's servers: one replica of SQLite, one of PostgreSQL, two of PostgreSQL. */
function pairStores(fresh, server) {
  const postmaster = server.postmasterPid();
  const parents = postmaster === undefined ? [] : [postmaster];
  const stores = [
    { replicas: 1, database: async () => fresh.sqlite(), parents: [] },
    { replicas: 1, database: fresh.postgres, parents },
    { replicas: 2, database: fresh.postgres, parents },
  ];
  return stores.map((store) => async () => {
    const location = await store.database();
    return startPairServers({
      locations: Array.from({ length: store.replicas }, () => location),
      databaseParents: store.parents,
    });
  });
}

/**
 * Every load on every store, the stores side by side within each load. Servers are started
 * for each load, or once for all of them (`sharedPairServers`).
 */
async function chainFigures(fresh, server, results) {
  const starts = pairStores(fresh, server);
  const shared = [];
  if (SETTINGS.sharedPairServers) for (const start of starts) shared.push(await start());
  try {
    for (const [index, load] of CHAIN_LOADS.entries()) {
      const measured = [];
      for (const [position, start] of starts.entries()) {
        const servers = shared[position] ?? (await start());
        const warm = shared.length > 0 && index > 0;
        const durations = {
          warmupSeconds: warm ? SETTINGS.pairSettleSeconds : PAIR_WARMUP_SECONDS,
          seconds: load.targets ? SETTINGS.targetPairSeconds : SETTINGS.pairSeconds,
        };
        try {
          measured.push(await servers.measure(load, durations));
        } finally {
          if (shared.length === 0) await servers.close();
        }
      }
      results.push(...load.rows(load, measured));
    }
  } finally {
    await Promise.all(shared.map((servers) => servers.close()));
  }
}

/**
 * The least share of the same store's 2025-era HTTP figure the modern era must make
 * (docs/campaign.md §10.4): a stateless client behind a plain round-robin balancer costs the
 * table service at most a tenth of its throughput.
 */
const MODERN_SHARE_TARGET = 0.9;

/** The rows of the HTTP figures: both eras' pairs/s, their ratio and CPU per pair, per store. */
function httpPairRows({ layout, chains }, figures) {
  const label = `${chains} chains, ${layout}`;
  const [sqlite, one] = figures;
  const stores = ["SQLite", "PostgreSQL, 1 replica", "PostgreSQL, 2 replicas"]
    .map((store, index) => ({ store, figure: figures[index] }))
    .filter(({ figure }) => figure !== undefined);
  const route = (era, index) =>
    index < 2 ? "direct" : era === "legacy" ? "HAProxy sticky" : "HAProxy round robin";
  const spread = (figure) =>
    figure.busiestShare === undefined
      ? ""
      : `; busier replica served ${round(figure.busiestShare * 100)}%`;
  const results = [];
  for (const [era, title, client] of [
    ["legacy", "2025 era", "a session each"],
    ["modern", "modern era", "stateless"],
  ]) {
    for (const [index, { store, figure }] of stores.entries()) {
      results.push({
        name: `durable roll + apply pairs over HTTP, ${title} (${client}, ${route(era, index)}), ${label}: ${store}${spread(figure[era])}`,
        value: round(figure[era].pairsPerSecond),
        unit: "pairs/s",
        target: era === "modern" && index === 2 ? `>= ${round(one.modern.pairsPerSecond)}` : "",
      });
    }
  }
  for (const { store, figure } of stores) {
    // Each round's modern turn against the 2025-era turn next to it; the median of the rounds.
    const shares = figure.modern.turnRates.map(
      (rate, index) => rate / figure.legacy.turnRates[index],
    );
    results.push({
      name: `modern era pairs/s over HTTP as a share of the 2025 era's (median of neighbouring turns), ${label}: ${store}`,
      value: round(median(shares), 3),
      unit: "x",
      target: `>= ${MODERN_SHARE_TARGET}`,
    });
  }
  if (!cpuAccountingAvailable()) return results;
  for (const [era, title] of [
    ["legacy", "2025 era"],
    ["modern", "modern era"],
  ]) {
    const cpuBound = `<= ${round(2 * sqlite[era].cpuMsPerPair, 2)}`;
    for (const [index, { store, figure }] of stores.entries()) {
      results.push({
        name: `CPU per pair over HTTP, ${title} (client + servers + HAProxy + database), ${label}: ${store}; ${round(figure[era].busyCores, 2)} cores busy`,
        value: round(figure[era].cpuMsPerPair, 2),
        unit: "ms",
        target: era === "modern" && index > 0 ? cpuBound : "",
      });
    }
  }
  return results;
}

/**
 * The load with targets over HTTP: every store and era in one set of turns on the same warm
 * servers (lib/http-pairs.mjs). Two replicas need HAProxy; without it their figures are left
 * out (CI installs it).
 */
async function httpPairFigures(fresh, server, results) {
  if (!balancerAvailable()) {
    if (process.env.CI) throw new Error("haproxy is needed for two replicas over HTTP in CI");
    process.stderr.write("no haproxy on this machine: two replicas over HTTP are not measured\n");
  }
  const load = PAIR_LOADS.find(({ targets }) => targets);
  const postmaster = server.postmasterPid();
  const servers = await startHttpStores({
    sqlite: fresh.sqlite(),
    postgres: await fresh.postgres(),
    databaseParents: postmaster === undefined ? [] : [postmaster],
  });
  try {
    const figures = await servers.measure(load, {
      warmupSeconds: PAIR_WARMUP_SECONDS,
      seconds: SETTINGS.httpPairSeconds,
      turnSeconds: SETTINGS.httpTurnSeconds,
    });
    results.push(...httpPairRows(load, [figures.sqlite, figures.one, figures.two]));
  } finally {
    stopping.push(servers.close());
  }
}

async function listingFigures(fresh, results) {
  const sqlitePath = fresh.sqlite();
  await buildSqliteLog(sqlitePath, SETTINGS.events);
  const postgresUrl = await fresh.postgres();
  const { openPostgresCampaignStore } = await import("../dist/index.js");
  await (await openPostgresCampaignStore(postgresUrl)).close();
  await buildPostgresLog(postgresUrl, SETTINGS.events);
  for (const [store, location] of [
    ["SQLite", sqlitePath],
    ["PostgreSQL", postgresUrl],
  ]) {
    const times = await timeNewestEvents(location, SETTINGS.listSamples, SETTINGS.events);
    const name = `newest 50 of ${SETTINGS.events} events, resources/read over stdio, ${store}`;
    results.push(...latencyRows(name, times, "< 5"));
  }
  for (const { query, share } of SEARCHES) {
    for (const [store, location] of [
      ["SQLite", sqlitePath],
      ["PostgreSQL", postgresUrl],
    ]) {
      const times = await timeSearches(location, query, SETTINGS.searchSamples);
      const name = `session_log_search over ${SETTINGS.events} events, newest 20 holding "${query}" (${share}), over stdio, ${store}`;
      results.push(...latencyRows(name, times, "< 20"));
    }
  }
}

/** A p50 row with its target and a p99 row beside it, in milliseconds. */
function latencyRows(name, times, target) {
  return [
    { name: `${name}, p50`, value: round(percentile(times, 0.5), 3), unit: "ms", target },
    { name: `${name}, p99`, value: round(percentile(times, 0.99), 3), unit: "ms", target: "" },
  ];
}

/** Events of the session recapped, in a quick run too (docs/campaign.md §10.4). */
const RECAP_EVENTS = 2_000;

/** A session of mixed events played on each store, then its recap timed through the same server. */
async function recapFigures(fresh, results) {
  for (const [store, database] of [
    ["SQLite", async () => fresh.sqlite()],
    ["PostgreSQL", fresh.postgres],
  ]) {
    const { client } = await connectStdio(await database());
    try {
      const sessionId = await playSession(client, RECAP_EVENTS);
      const { times, recapped } = await timeRecaps(client, sessionId, SETTINGS.recapSamples);
      const name = `session_recap of a session of ${RECAP_EVENTS} mixed events, first page (${recapped} events), over stdio, ${store}`;
      results.push(...latencyRows(name, times, "< 50"));
    } finally {
      await client.close();
    }
  }
}

async function replicaFigures(fresh, results) {
  const latency = await measureNotificationLatency(await fresh.postgres(), SETTINGS.latencySamples);
  results.push(
    {
      name: "cross-replica notification latency (write sent on A to updated at B's client), p50",
      value: round(percentile(latency, 0.5), 2),
      unit: "ms",
      target: "< 50",
    },
    {
      name: "cross-replica notification latency, p99",
      value: round(percentile(latency, 0.99), 2),
      unit: "ms",
      target: "",
    },
  );
  const { times: listen, stopped } = await measureListenLatency(
    await fresh.postgres(),
    SETTINGS.latencySamples,
  );
  stopping.push(stopped);
  results.push(
    {
      name: "cross-replica notification latency to a modern client (write sent on A to updated on B's subscriptions/listen stream), p50",
      value: round(percentile(listen, 0.5), 2),
      unit: "ms",
      target: "< 50",
    },
    {
      name: "cross-replica notification latency to a modern client, p99",
      value: round(percentile(listen, 0.99), 2),
      unit: "ms",
      target: "",
    },
  );
  const writers = await measureConcurrentWriters(await fresh.postgres(), SETTINGS.writerSeconds);
  const label = `16 clients over 2 replicas on one campaign, ${SETTINGS.writerSeconds} s, ${writers.writes} writes`;
  for (const [name, value] of [
    ["lost updates", writers.lostUpdates],
    ["seq gaps", writers.gaps],
    ["duplicate seqs", writers.duplicates],
    ["outcomes applied twice", writers.appliedTwice],
  ]) {
    results.push({ name: `${label}: ${name}`, value, unit: "", target: "<= 0" });
  }
}

const directory = mkdtempSync(join(tmpdir(), "campaign-bench-"));
const server = await startPostgresServer();
try {
  const fresh = databases(directory, server);
  const results = [];
  await chainFigures(fresh, server, results);
  await httpPairFigures(fresh, server, results);
  await listingFigures(fresh, results);
  await recapFigures(fresh, results);
  await replicaFigures(fresh, results);
  process.stderr.write(
    `\n@tabletop-mcp/campaign benchmarks${quick ? " (quick)" : ""}; PostgreSQL from ${server.binaries.source} binaries\n`,
  );
  for (const result of results) {
    process.stderr.write(
      `  ${result.name.padEnd(100)} ${String(result.value).padStart(9)} ${result.unit.padEnd(7)} ${result.target ? `target ${result.target}` : ""}\n`,
    );
  }
  process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/campaign", results })}\n`);
} finally {
  await Promise.all(stopping);
  await server.remove();
  rmSync(directory, { recursive: true, force: true });
}
