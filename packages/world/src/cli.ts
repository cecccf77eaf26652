#!/usr/bin/env node
import type { Server } from "@modelcontextprotocol/server";
import { readPackageVersion } from "@tabletop-mcp/kit";
import { runServer, UsageError } from "@tabletop-mcp/kit/cli";
import { createServer, createServerFactory } from "./server.js";
import { withOptimizerPaused } from "./world/one-time-compile.js";
import { openSharedWorld } from "./world/shared-worlds.js";
import { WorldError } from "./world/world-error.js";
import type { WorldStore } from "./world/world-store.js";

await runServer({
  command: "tabletop-world",
  summary:
    "Read-only Urd world server: exits, dialogue, entities, property dependencies, reachability, choice conditions, diagnostics",
  version: readPackageVersion(import.meta.url),
  defaultPort: 8084,
  positional: { name: "world.urd.md", description: "the Urd world file to serve", required: true },
  extraFlags: [
    {
      name: "watch",
      description: "recompile when the world file or its imports change, and notify subscribers",
    },
  ],
  setup: ({ positional, extra, hub, logger }) => {
    const worldPath = positional ?? "";
    const watch = extra.watch === true;
    let store: WorldStore;
    try {
      // Compiled now, so that an unreadable file is a usage error before anything is served.
      store = withOptimizerPaused(() => openSharedWorld(worldPath, { watch, logger }).store);
    } catch (error) {
      if (error instanceof WorldError) throw new UsageError(error.message);
      throw error;
    }
    // Without --watch every session answers from the world compiled at start-up, and every
    // 2026-07-28 request from servers made from one set of tools.
    if (watch) return { createServer: () => createServer({ worldPath, watch, hub, logger }) };
    let modern: (() => Server) | undefined;
    return {
      createServer: (session) => {
        if (session.era !== "modern") return createServer({ store, hub, logger });
        modern ??= createServerFactory({ store, hub, logger });
        return modern();
      },
    };
  },
});
