import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  createKitServer,
  type Logger,
  type ResourceHub,
  readPackageVersion,
} from "@tabletop-mcp/kit";
import { createWorldResources } from "./resources/index.js";
import { createWorldTools } from "./tools/index.js";
import { compileWorldText, type ImportReader, loadWorldFile } from "./world/load-world.js";
import { WorldStore } from "./world/world-store.js";

/** Where the world comes from: a file, text (for tests), or a store shared by sessions. */
export type WorldSourceOption =
  | { worldPath: string }
  | { filename: string; source: string; readFile?: ImportReader }
  | { store: WorldStore };

/** How to build one world server instance. */
export type WorldServerOptions = WorldSourceOption & {
  logger?: Logger | undefined;
  /** The process-wide resource hub, so that reload notifications reach every session. */
  hub?: ResourceHub | undefined;
};

const INSTRUCTIONS = [
  "Read-only structural questions about one compiled Urd game world.",
  "Start with get_world_metadata; use get_exit_graph and get_reachable_locations for places and paths,",
  "get_dialogue_graph and get_choice_conditions for dialogue, get_entity_details for one entity,",
  "get_property_dependencies for where a property is read and written, get_diagnostics for problems.",
  "Section and choice ids start with the world file's stem (e.g. locked-garden/greet).",
].join(" ");

const VERSION = readPackageVersion(import.meta.url);

/**
 * Compiles (or takes) the world a server answers from.
 *
 * @param option - a file, text, or an existing store
 * @returns the store
 * @throws WorldError `WORLD_FILE_UNREADABLE` when `worldPath` cannot be read
 */
export function openWorldStore(option: WorldSourceOption): WorldStore {
  if ("store" in option) return option.store;
  if ("worldPath" in option) return new WorldStore(loadWorldFile(option.worldPath));
  return new WorldStore(compileWorldText(option.filename, option.source, option.readFile));
}

/**
 * Builds a world server: the eight read-only tools and the two resources, ready to connect to
 * any transport. The world is compiled once, here; a world with errors still gives a server
 * whose `get_diagnostics` reports them.
 *
 * @param options - the world and the process-wide collaborators
 * @returns the SDK server
 * @throws WorldError `WORLD_FILE_UNREADABLE` when `worldPath` cannot be read
 */
export function createServer(options: WorldServerOptions): Server {
  const store = openWorldStore(options);
  return createKitServer(
    {
      name: "tabletop-world",
      title: "Urd world queries",
      version: VERSION,
      instructions: INSTRUCTIONS,
      tools: createWorldTools(store),
      resources: createWorldResources(store),
    },
    {
      ...(options.hub ? { hub: options.hub } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
    },
  );
}
