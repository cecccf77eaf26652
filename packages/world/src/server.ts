import {
  createKitServer,
  type KitServer,
  type Logger,
  linkAppViews,
  ResourceHub,
  readPackageVersion,
  silentLogger,
} from "@tabletop-mcp/kit";
import { APP_VIEW_LINKS, APP_VIEWS } from "./app-views.js";
import { createWorldResources } from "./resources/index.js";
import { createWorldTools } from "./tools/index.js";
import { compileWorldText, type ImportReader } from "./world/load-world.js";
import { openSharedWorld } from "./world/shared-worlds.js";
import { WorldStore } from "./world/world-store.js";

/**
 * Where the world comes from: a file (the JSON-expressible form, `serverOptionsSchema`), text
 * (for tests), or a store the caller shares between servers.
 */
export type WorldSourceOption =
  | { worldPath: string; watch?: boolean | undefined }
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
 * Compiles (or takes) the world a server answers from. A `worldPath` is compiled once per
 * process and path (see `createServer`).
 *
 * @param option - a file, text, or an existing store
 * @returns the store
 * @throws WorldError `WORLD_FILE_UNREADABLE` when `worldPath` cannot be read
 */
export function openWorldStore(option: WorldSourceOption): WorldStore {
  if ("store" in option) return option.store;
  if ("worldPath" in option) {
    return openSharedWorld(option.worldPath, {
      watch: option.watch === true,
      logger: silentLogger,
    }).store;
  }
  return new WorldStore(compileWorldText(option.filename, option.source, option.readFile));
}

/**
 * Builds a world server: the eight read-only tools and the two resources, ready to connect to
 * any transport. A world with errors still gives a server whose `get_diagnostics` reports them.
 *
 * A `worldPath` is compiled once per process: servers made for the same path (one per session,
 * as the gateway and the HTTP transport make them) share the compiled world and the answers
 * built from it. Without `watch` a later server gets a fresh compilation if a file of the world
 * changed since; with `watch: true` one watcher recompiles the shared world on every change and
 * each server's subscribed sessions are told.
 *
 * @param options - the world and the process-wide collaborators
 * @returns a `KitServer`: the SDK server, with its in-process fast path
 * @throws WorldError `WORLD_FILE_UNREADABLE` when `worldPath` cannot be read
 */
export function createServer(options: WorldServerOptions): KitServer {
  const hub = options.hub ?? new ResourceHub();
  const logger = options.logger ?? silentLogger;
  const shared =
    "worldPath" in options
      ? openSharedWorld(options.worldPath, { watch: options.watch === true, logger })
      : undefined;
  const store = shared?.store ?? openWorldStore(options);
  const server = createServerFactory({ store, hub, logger })();
  if (shared !== undefined) {
    const detach = shared.attach(hub);
    const previousOnClose = server.onclose;
    server.onclose = () => {
      detach();
      previousOnClose?.();
    };
  }
  return server;
}

/**
 * Declares the tools and resources of one compiled world once and returns a maker of servers
 * that all share them: what a process needs that builds a server per 2026-07-28 request
 * (docs/world.md §10) from a world that does not change while it runs.
 *
 * @param options - the compiled world and the process-wide collaborators
 * @returns a function building one server per call
 */
export function createServerFactory(
  options: { store: WorldStore } & Pick<WorldServerOptions, "hub" | "logger">,
): () => KitServer {
  const { store } = options;
  const spec = {
    name: "tabletop-world",
    title: "Urd world queries",
    version: VERSION,
    instructions: INSTRUCTIONS,
    tools: linkAppViews(createWorldTools(store), APP_VIEW_LINKS),
    resources: [...createWorldResources(store), ...APP_VIEWS.map((view) => view.resource)],
  };
  const collaborators = {
    hub: options.hub ?? new ResourceHub(),
    logger: options.logger ?? silentLogger,
  };
  return () => createKitServer(spec, collaborators);
}
