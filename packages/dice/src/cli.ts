#!/usr/bin/env node
import type { Server } from "@modelcontextprotocol/server";
import { readPackageVersion } from "@tabletop-mcp/kit";
import { replaySeedFlag, runServer, UsageError } from "@tabletop-mcp/kit/cli";
import type { RandomTable } from "./engine/index.js";
import { loadTablesDirectory, TableLoadError } from "./load-tables.js";
import { createServer, createServerFactory } from "./server.js";

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
    replaySeedFlag(
      "DICE_SEED",
      "seeded dice (xoshiro128**) for tests and replays: every session replays the same dice (1-256 characters)",
    ),
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
    // A 2026-07-28 request gets a server of its own, all of them made from one set of tools and
    // so rolling from one generator: a seeded process replays the same dice for the same calls
    // in order (docs/dice.md §7).
    let modern: (() => Server) | undefined;
    return {
      createServer: (session) => {
        if (session.era !== "modern") return createServer({ seed, tables, hub, logger });
        modern ??= createServerFactory({ seed, tables, hub, logger });
        return modern();
      },
    };
  },
});
