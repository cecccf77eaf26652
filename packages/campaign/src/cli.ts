#!/usr/bin/env node
import { homedir } from "node:os";
import { join } from "node:path";
import { createRandomDieRoller } from "@tabletop-mcp/duality";
import { readPackageVersion, replaySeedFlag, runServer } from "@tabletop-mcp/kit";
import { createServer } from "./server.js";
import { openCampaignStore } from "./storage/open-campaign-store.js";
import { StorageError } from "./storage/storage-error.js";

function defaultDatabasePath(): string {
  const dataHome = process.env.XDG_DATA_HOME || join(homedir(), ".local", "share");
  return join(dataHome, "tabletop-mcp", "campaign.db");
}

await runServer({
  command: "tabletop-campaign",
  summary: "durable Daggerheart campaigns, characters, sessions and their event log over MCP",
  version: readPackageVersion(import.meta.url),
  defaultPort: 8083,
  extraFlags: [
    {
      name: "db",
      value: "PATH",
      env: "TABLETOP_DB",
      description:
        "database file (default $XDG_DATA_HOME/tabletop-mcp/campaign.db, else ~/.local/share/tabletop-mcp/campaign.db); :memory: keeps nothing",
    },
    replaySeedFlag(
      "TABLETOP_SEED",
      "replay seed for the dice (1 to 256 characters); unpredictable when absent",
    ),
  ],
  setup: ({ hub, logger, extra }) => {
    const path = typeof extra.db === "string" ? extra.db : defaultDatabasePath();
    const seed = typeof extra.seed === "string" ? extra.seed : undefined;
    let store: ReturnType<typeof openCampaignStore>;
    try {
      store = openCampaignStore(path);
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      process.stderr.write(`cannot open database: ${error.message}\n`);
      process.exit(1);
    }
    const rollDie = createRandomDieRoller(seed);
    return {
      createServer: () => createServer({ store, rollDie, hub, logger }),
      close: () => store.close(),
    };
  },
});
