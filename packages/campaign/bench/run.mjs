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
import { measureConcurrentWriters } from "./lib/concurrent-writers.mjs";
import { cpuAccountingAvailable } from "./lib/cpu.mjs";
import { buildPostgresLog, buildSqliteLog, timeNewestEvents } from "./lib/large-log.mjs";
import { measureNotificationLatency } from "./lib/notification-latency.mjs";
import { measurePairs } from "./lib/pairs.mjs";

const quick = process.argv.includes("--quick");
const SETTINGS = quick
  ? { pairSeconds: 3, events: 100_000, listSamples: 200, latencySamples: 100, writerSeconds: 3 }
  : {
      pairSeconds: 8,
      events: 1_000_000,
      listSamples: 1_000,
      latencySamples: 300,
      writerSeconds: 30,
    };
const LAYOUTS = ["one campaign", "a campaign per chain"];

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

const round = (value, digits = 0) => Number(value.toFixed(digits));

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

async function pairFigures(fresh, server, results) {
  const postmaster = server.postmasterPid();
  const runs = [
    { store: "SQLite", replicas: 1, database: async () => fresh.sqlite(), parents: [] },
    { store: "PostgreSQL", replicas: 1, database: fresh.postgres, parents: [postmaster] },
    { store: "PostgreSQL", replicas: 2, database: fresh.postgres, parents: [postmaster] },
  ];
  const measured = {};
  for (const layout of LAYOUTS) {
    for (const run of runs) {
      const location = await run.database();
      const figure = await measurePairs({
        locations: Array.from({ length: run.replicas }, () => location),
        layout,
        seconds: SETTINGS.pairSeconds,
        databaseParents: run.parents.filter((pid) => pid !== undefined),
      });
      measured[`${run.store} x${run.replicas} ${layout}`] = figure;
    }
  }
  for (const layout of LAYOUTS) {
    const sqlite = measured[`SQLite x1 ${layout}`];
    const one = measured[`PostgreSQL x1 ${layout}`];
    const two = measured[`PostgreSQL x2 ${layout}`];
    const label = `durable roll + apply pairs over stdio, 16 chains, ${layout}`;
    results.push(
      {
        name: `${label}: SQLite`,
        value: round(sqlite.pairsPerSecond),
        unit: "pairs/s",
        target: "",
      },
      {
        name: `${label}: PostgreSQL, 1 replica`,
        value: round(one.pairsPerSecond),
        unit: "pairs/s",
        target: ">= 1000",
      },
      {
        name: `${label}: PostgreSQL, 2 replicas`,
        value: round(two.pairsPerSecond),
        unit: "pairs/s",
        target: `>= ${round(one.pairsPerSecond)}`,
      },
    );
    if (cpuAccountingAvailable()) {
      const bound = round(2 * sqlite.cpuMsPerPair, 2);
      results.push(
        {
          name: `CPU per pair, ${layout}: SQLite (client + server)`,
          value: round(sqlite.cpuMsPerPair, 2),
          unit: "ms",
          target: "",
        },
        {
          name: `CPU per pair, ${layout}: PostgreSQL, 1 replica (client + replica + database)`,
          value: round(one.cpuMsPerPair, 2),
          unit: "ms",
          target: `<= ${bound}`,
        },
        {
          name: `CPU per pair, ${layout}: PostgreSQL, 2 replicas`,
          value: round(two.cpuMsPerPair, 2),
          unit: "ms",
          target: `<= ${bound}`,
        },
      );
    }
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
    results.push(
      { name: `${name}, p50`, value: round(percentile(times, 0.5), 3), unit: "ms", target: "< 5" },
      { name: `${name}, p99`, value: round(percentile(times, 0.99), 3), unit: "ms", target: "" },
    );
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
  await pairFigures(fresh, server, results);
  await listingFigures(fresh, results);
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
  await server.remove();
  rmSync(directory, { recursive: true, force: true });
}
