#!/usr/bin/env node
import { readPackageVersion, runServer, UsageError } from "@tabletop-mcp/kit";
import { MAX_SEED_LENGTH, type RandomTable } from "./engine/index.js";
import { loadTablesDirectory, TableLoadError } from "./load-tables.js";
import { createServer } from "./server.js";

function parseSeed(raw: string): string {
  const length = [...raw].length;
  if (length < 1 || length > MAX_SEED_LENGTH) {
    throw new Error(`must be 1-${MAX_SEED_LENGTH} characters (got ${length})`);
  }
  return raw;
}

async function loadTables(directory: unknown): Promise<ReadonlyMap<string, RandomTable>> {
  if (typeof directory !== "string") return new Map();
  try {
    return await loadTablesDirectory(directory);
  } catch (error) {
    if (error instanceof TableLoadError) throw new UsageError(`--tables: ${error.message}`);
    throw error;
  }
}

await runServer({
  command: "tabletop-dice",
  summary:
    "Dice server for tabletop RPGs: fair rolls with every die shown, dice notation, exact odds, random tables",
  version: readPackageVersion(import.meta.url),
  defaultPort: 8081,
  defaultRateLimitMs: 200,
  requestNoun: "dice requests",
  extraFlags: [
    {
      name: "seed",
      value: "S",
      env: "DICE_SEED",
      description:
        "seeded dice (xoshiro128**) for tests and replays: every session replays the same dice (1-256 characters)",
      parse: parseSeed,
    },
    {
      name: "tables",
      value: "DIR",
      env: "DICE_TABLES_DIR",
      description: "load every *.json file in DIR as a random table for roll_table, by name",
    },
  ],
  setup: async ({ extra, hub, logger }) => {
    const seed = typeof extra.seed === "string" ? extra.seed : undefined;
    const tables = await loadTables(extra.tables);
    return { createServer: () => createServer({ seed, tables, hub, logger }) };
  },
});
