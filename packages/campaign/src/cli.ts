#!/usr/bin/env node
import { homedir } from "node:os";
import { join } from "node:path";
import type { Server } from "@modelcontextprotocol/server";
import { type Logger, readPackageVersion } from "@tabletop-mcp/kit";
import { type CommonOptions, replaySeedFlag, runServer, UsageError } from "@tabletop-mcp/kit/cli";
import { relayExternalChanges } from "./change-relay.js";
import { KeptSessions } from "./kept-sessions.js";
import { createDice, createModernServerFactory, createServer } from "./server.js";
import type { CampaignStore } from "./storage/campaign-store.js";
import { openCampaignDatabase } from "./storage/open-campaign-database.js";
import { DEFAULT_POOL_SIZE } from "./storage/postgres/connection-options.js";
import { StorageError } from "./storage/storage-error.js";
import { isPostgresUrl, maskLocation } from "./storage/store-location.js";
import { createUpdateFilter } from "./update-filter.js";

const MAX_POOL_SIZE = 100;

function defaultDatabasePath(): string {
  const dataHome = process.env.XDG_DATA_HOME || join(homedir(), ".local", "share");
  return join(dataHome, "tabletop-mcp", "campaign.db");
}

function parsePoolSize(raw: string): number {
  const size = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(size >= 1 && size <= MAX_POOL_SIZE)) {
    throw new UsageError(
      `must be an integer from 1 to ${MAX_POOL_SIZE} (got ${JSON.stringify(raw)})`,
    );
  }
  return size;
}

/** The effective configuration, as `--print-config` shows it: no password, no token. */
function printableConfig(options: CommonOptions, location: string, pool: number): string {
  const config = {
    db: maskLocation(location),
    store: isPostgresUrl(location) ? "postgresql" : "sqlite",
    db_pool: isPostgresUrl(location) ? pool : null,
    transport: options.transport,
    host: options.host,
    port: options.port,
    allowed_hosts: options.allowedHosts,
    auth_token: options.authToken === undefined ? null : "***",
    rate_limit_ms: options.rateLimitMs,
    log_level: options.logLevel,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** Opens the store, or exits with one line: 2 for a PostgreSQL schema too new, else 1. */
async function openOrExit(location: string, pool: number, logger: Logger): Promise<CampaignStore> {
  try {
    return await openCampaignDatabase(location, { pool, logger });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    process.stderr.write(`cannot open database: ${error.message}\n`);
    process.exit(error.code === "SCHEMA_TOO_NEW" && isPostgresUrl(location) ? 2 : 1);
  }
}

await runServer({
  command: "tabletop-campaign",
  summary: "durable Daggerheart campaigns, characters, sessions and their event log over MCP",
  version: readPackageVersion(import.meta.url),
  defaultPort: 8083,
  extraFlags: [
    {
      name: "db",
      value: "PATH|URL",
      env: "TABLETOP_DB",
      description:
        "SQLite database file (default $XDG_DATA_HOME/tabletop-mcp/campaign.db, else ~/.local/share/tabletop-mcp/campaign.db; :memory: keeps nothing), or a postgres:// or postgresql:// URL (libpq form; sslmode and the PG* variables apply)",
    },
    {
      name: "db-pool",
      value: "N",
      env: "TABLETOP_DB_POOL",
      description: `PostgreSQL connections per process, 1 to ${MAX_POOL_SIZE} (default ${DEFAULT_POOL_SIZE}); not used with SQLite`,
      parse: parsePoolSize,
    },
    {
      name: "shared-sessions",
      env: "TABLETOP_SHARED_SESSIONS",
      description:
        "keep HTTP sessions in the database, so that every server on it can serve every session (a load balancer without sticky sessions); costs a database write per request",
    },
    {
      name: "print-config",
      description: "print the effective configuration (passwords and tokens as ***) and exit",
    },
    replaySeedFlag(
      "TABLETOP_SEED",
      "replay seed for the dice (1 to 256 characters); unpredictable when absent",
    ),
  ],
  setup: async ({ hub, logger, extra, options }) => {
    const location = typeof extra.db === "string" ? extra.db : defaultDatabasePath();
    const pool = typeof extra["db-pool"] === "number" ? extra["db-pool"] : DEFAULT_POOL_SIZE;
    if (extra["print-config"] === true) {
      process.stdout.write(printableConfig(options, location, pool));
      return { exitCode: 0 };
    }
    const seed = typeof extra.seed === "string" ? extra.seed : undefined;
    const store = await openOrExit(location, pool, logger);
    const { rollDie, random } = createDice(seed);
    const kept = extra["shared-sessions"] === true ? new KeptSessions(store) : undefined;
    // 2026-07-28 listen streams hear a change only if their caller may read it, and hear what
    // other processes write to the same database from the start (docs/campaign.md §7).
    hub.restrictListeners(createUpdateFilter(store, () => undefined));
    relayExternalChanges(store, hub);
    // Every 2026-07-28 request gets a server of its own, all made from one set of tools.
    let modern: (() => Server) | undefined;
    return {
      createServer: (session) => {
        if (session.era !== "modern") {
          return createServer({
            store,
            rollDie,
            random,
            hub,
            logger,
            session,
            ...(kept ? { kept } : {}),
          });
        }
        modern ??= createModernServerFactory({ store, rollDie, random, hub, logger });
        return modern();
      },
      ...(kept ? { durableSessions: kept } : {}),
      close: () => store.close(),
    };
  },
});
