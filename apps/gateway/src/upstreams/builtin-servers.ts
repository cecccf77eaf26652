import {
  createServer as createCampaignServer,
  createModernServerFactory as createModernCampaignFactory,
  openCampaignStore,
} from "@tabletop-mcp/campaign";
import {
  createServer as createDiceServer,
  createServerFactory as createModernDiceFactory,
} from "@tabletop-mcp/dice";
import {
  createServer as createDualityServer,
  createServerFactory as createModernDualityFactory,
} from "@tabletop-mcp/duality";
import { type KitServer, type Logger, ResourceHub } from "@tabletop-mcp/kit";
import {
  createServerFactory as createModernWorldFactory,
  createServer as createWorldServer,
  openWorldStore,
  WORLD_COMPILED_URI,
  WORLD_SOURCE_URI,
  watchWorld,
} from "@tabletop-mcp/world";
import type { BuiltinEntry } from "../config/types.js";

/** Makes instances of one builtin server that share its process-wide state. */
export interface BuiltinFactory {
  /** An instance for one 2025 session, with the session's own state (campaign's context). */
  createServer(): KitServer;
  /**
   * An instance with no session state, as the package serves 2026-07-28 requests: every
   * caller's requests may share it, each carrying its own identity (docs/gateway.md §4.1).
   */
  createModernServer(): KitServer;
  /** Releases the shared state (database, file watcher). */
  close(): void;
}

/**
 * Opens the state a builtin's instances share, once: the campaign store, the world store (and
 * its watcher), and one resource hub, so that sessions of the gateway share data and resource
 * updates exactly as sessions of the standalone server do.
 *
 * @param entry - the builtin's config entry (options already validated)
 * @param logger - the gateway's logger
 * @returns the factory
 * @throws StorageError or WorldError when the database or world file cannot be opened
 */
export function openBuiltin(entry: BuiltinEntry, logger: Logger): BuiltinFactory {
  const hub = new ResourceHub();
  const options = entry.options;
  const seed = typeof options.seed === "string" ? options.seed : undefined;
  switch (entry.builtin) {
    case "dice":
      return {
        createServer: () => createDiceServer({ seed, hub, logger }),
        createModernServer: createModernDiceFactory({ seed, hub, logger }),
        close: () => {},
      };
    case "duality":
      return {
        createServer: () => createDualityServer({ seed, hub, logger }),
        createModernServer: createModernDualityFactory({ seed, hub, logger }),
        close: () => {},
      };
    case "campaign": {
      const store = openCampaignStore(String(options.dbPath));
      const seeded = seed !== undefined ? { seed } : {};
      return {
        createServer: () => createCampaignServer({ store, hub, logger, ...seeded }),
        createModernServer: createModernCampaignFactory({ store, hub, logger, ...seeded }),
        close: () => store.close(),
      };
    }
    case "world": {
      const path = String(options.worldPath);
      const store = openWorldStore({ worldPath: path });
      const watcher =
        options.watch === true
          ? watchWorld({
              path,
              store,
              onReloaded: () => {
                hub.updated(WORLD_COMPILED_URI);
                hub.updated(WORLD_SOURCE_URI);
              },
              onReadFailed: (error) => logger.warn(`${error.message}; keeping the last good world`),
            })
          : undefined;
      return {
        createServer: () => createWorldServer({ store, hub, logger }),
        createModernServer: createModernWorldFactory({ store, hub, logger }),
        close: () => watcher?.close(),
      };
    }
  }
}
