#!/usr/bin/env node
import { readPackageVersion, runServer, UsageError } from "@tabletop-mcp/kit";
import { WORLD_COMPILED_URI } from "./resources/world-compiled.js";
import { WORLD_SOURCE_URI } from "./resources/world-source.js";
import { createServer } from "./server.js";
import { loadWorldFile } from "./world/load-world.js";
import { type WorldWatcher, watchWorld } from "./world/watch-world.js";
import { WorldError } from "./world/world-error.js";
import { WorldStore } from "./world/world-store.js";

function openStore(path: string): WorldStore {
  try {
    return new WorldStore(loadWorldFile(path));
  } catch (error) {
    if (error instanceof WorldError) throw new UsageError(error.message);
    throw error;
  }
}

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
    const path = positional ?? "";
    const store = openStore(path);
    let watcher: WorldWatcher | undefined;
    if (extra.watch === true) {
      watcher = watchWorld({
        path,
        store,
        onReloaded: (world) => {
          logger.info("world recompiled", { diagnostics: world.compiled.diagnostics.length });
          hub.updated(WORLD_COMPILED_URI);
          hub.updated(WORLD_SOURCE_URI);
        },
        onReadFailed: (error) => logger.warn(`${error.message}; keeping the last good world`),
      });
    }
    return {
      createServer: () => createServer({ store, hub, logger }),
      close: () => watcher?.close(),
    };
  },
});
