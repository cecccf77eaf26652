#!/usr/bin/env node
// Benchmarks of @tabletop-mcp/campaign, run after a build: `node bench/run.mjs [--quick]`.
// Prints a table to stderr and, as the last line of stdout, one JSON object of results.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { openCampaignStore } from "../dist/index.js";

const quick = process.argv.includes("--quick");
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const PAIRS = quick ? 2_000 : 10_000;
const CONCURRENT_CHAINS = 16;
const EVENTS = quick ? 100_000 : 1_000_000;
const LIST_SAMPLES = quick ? 200 : 1_000;
const directory = mkdtempSync(join(tmpdir(), "campaign-bench-"));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent;
}

async function connect(path) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "--db", path],
    stderr: "inherit",
  });
  const client = new Client({ name: "campaign-bench", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Durable roll + apply pairs per second through a real stdio client, several chains at once. */
async function measurePairs() {
  const client = await connect(join(directory, "pairs.db"));
  const campaign = await call(client, "campaign_create", { name: "Bench", gm_mode: "AI" });
  const character = await call(client, "character_create", {
    campaign_id: campaign.id,
    name: "Runner",
    kind: "PC",
  });
  const session = await call(client, "session_start", { campaign_id: campaign.id });
  await call(client, "set_context", { campaign_id: campaign.id, session_id: session.id });
  const chain = async (count) => {
    for (let index = 0; index < count; index++) {
      const roll = await call(client, "session_action_roll", {
        character_id: character.id,
        trait: "agility",
        difficulty: 12,
      });
      await call(client, "session_roll_outcome_apply", { roll_seq: roll.roll_seq });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_CHAINS }, () => chain(20)));
  const perChain = Math.ceil(PAIRS / CONCURRENT_CHAINS);
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT_CHAINS }, () => chain(perChain)));
  const seconds = (performance.now() - started) / 1000;
  await client.close();
  return (perChain * CONCURRENT_CHAINS) / seconds;
}

/** Builds a session holding EVENTS events directly through the store, in one transaction. */
function buildLargeLog(path) {
  const store = openCampaignStore(path);
  const ts = "2025-01-15T10:00:00.000Z";
  const started = performance.now();
  store.write((repository) => {
    repository.insertCampaign({
      id: "camp_bench",
      name: "Bench",
      gm_mode: "AI",
      participant_count: 0,
      character_count: 0,
      gm_fear: 0,
      theme_prompt: "",
      created_at: ts,
      updated_at: ts,
    });
    repository.insertSession({
      id: "sess_bench",
      campaign_id: "camp_bench",
      name: "",
      status: "ACTIVE",
      started_at: ts,
      updated_at: ts,
    });
    for (let seq = 1; seq <= EVENTS; seq++) {
      repository.appendEvent({
        session_id: "sess_bench",
        seq,
        ts,
        type: "NOTE_ADDED",
        request_id: String(seq),
        invocation_id: `inv_${seq}`,
        payload_json: `{"text":"note ${seq}"}`,
      });
    }
    return { value: undefined, changedUris: [] };
  });
  const buildSeconds = (performance.now() - started) / 1000;
  return { store, buildSeconds };
}

async function measureListing() {
  const path = join(directory, "events.db");
  const { store, buildSeconds } = buildLargeLog(path);
  const storeTimes = [];
  for (let index = 0; index < LIST_SAMPLES; index++) {
    const started = performance.now();
    const page = store.read((repository) => repository.listEvents("sess_bench", { limit: 50 }));
    storeTimes.push(performance.now() - started);
    if (page.items[0].seq !== EVENTS || page.items.length !== 50) throw new Error("wrong page");
  }
  store.close();
  const client = await connect(path);
  const readTimes = [];
  for (let index = 0; index < LIST_SAMPLES; index++) {
    const started = performance.now();
    const result = await client.readResource({ uri: "session://sess_bench/events" });
    readTimes.push(performance.now() - started);
    if (JSON.parse(result.contents[0].text).events.length !== 50) throw new Error("wrong page");
  }
  await client.close();
  return { buildSeconds, storeTimes, readTimes };
}

try {
  const pairsPerSecond = await measurePairs();
  const listing = await measureListing();
  const results = [
    {
      name: "durable session_action_roll + session_roll_outcome_apply pairs over stdio",
      value: Math.round(pairsPerSecond),
      unit: "pairs/s",
      target: ">= 1000",
    },
    {
      name: `newest 50 of ${EVENTS} events, store query, median`,
      value: Number(median(listing.storeTimes).toFixed(3)),
      unit: "ms",
      target: "< 5",
    },
    {
      name: `newest 50 of ${EVENTS} events, store query, p99`,
      value: Number(percentile(listing.storeTimes, 0.99).toFixed(3)),
      unit: "ms",
      target: "< 5",
    },
    {
      name: `newest 50 of ${EVENTS} events, resources/read over stdio, median`,
      value: Number(median(listing.readTimes).toFixed(3)),
      unit: "ms",
      target: "< 5",
    },
  ];
  process.stderr.write(
    `\n@tabletop-mcp/campaign benchmarks${quick ? " (quick)" : ""}; log of ${EVENTS} events built in ${listing.buildSeconds.toFixed(1)} s\n`,
  );
  for (const result of results) {
    process.stderr.write(
      `  ${result.name.padEnd(78)} ${String(result.value).padStart(10)} ${result.unit.padEnd(8)} target ${result.target}\n`,
    );
  }
  process.stdout.write(`${JSON.stringify({ package: "@tabletop-mcp/campaign", results })}\n`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
