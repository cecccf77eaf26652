import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { Logger, ResourceHub } from "@tabletop-mcp/kit";
import { WORLD_COMPILED_URI } from "../resources/world-compiled.js";
import { WORLD_SOURCE_URI } from "../resources/world-source.js";
import { type LoadedWorld, loadWorldFile } from "./load-world.js";
import { watchWorld } from "./watch-world.js";
import { WorldStore } from "./world-store.js";

/** How a world file is opened for a server. */
export interface SharedWorldOptions {
  /** Recompile on changes and notify the hubs of the servers using the world. */
  watch: boolean;
  logger: Logger;
}

/** A world opened by {@link openSharedWorld}. */
export interface SharedWorldHandle {
  readonly store: WorldStore;
  /**
   * Sends the world's reload notifications to `hub` (a watched world's only) until the
   * returned function is called, when the server using the hub closes.
   */
  attach(hub: ResourceHub): () => void;
}

/** One world file compiled once for the whole process, and the servers that answer from it. */
interface SharedWorld extends SharedWorldHandle {
  /** Modification stamps of the files the snapshot was compiled from (unwatched worlds). */
  stamps: ReadonlyMap<string, string>;
  /** The hubs of the live servers on a watched world, with how many servers use each. */
  hubs: Map<ResourceHub, number>;
}

const worlds = new Map<string, SharedWorld>();

function fileStamp(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return "unreadable";
  }
}

/**
 * Compiles a world, stamping its files: the files already known are stamped before they are
 * read, so an edit that lands during the compilation makes the stamps stale rather than lost.
 */
function loadStamped(path: string, knownFiles: readonly string[]) {
  const stamps = new Map(knownFiles.map((file) => [file, fileStamp(file)]));
  const loaded = loadWorldFile(path);
  for (const file of loaded.files) if (!stamps.has(file)) stamps.set(file, fileStamp(file));
  for (const file of stamps.keys()) if (!loaded.files.includes(file)) stamps.delete(file);
  return { loaded, stamps };
}

function isStale(world: SharedWorld): boolean {
  for (const [file, stamp] of world.stamps) if (fileStamp(file) !== stamp) return true;
  return false;
}

function startWatching(path: string, world: SharedWorld, logger: Logger): void {
  watchWorld({
    path,
    store: world.store,
    onReloaded: (loaded: LoadedWorld) => {
      logger.info("world recompiled", { diagnostics: loaded.compiled.diagnostics.length });
      for (const hub of world.hubs.keys()) {
        hub.updated(WORLD_COMPILED_URI);
        hub.updated(WORLD_SOURCE_URI);
      }
    },
    onReadFailed: (error) => logger.warn(`${error.message}; keeping the last good world`),
  });
}

/**
 * The compiled world of a file, shared by every server of the process that opens the same path
 * the same way, so that a server per session costs no compilation. An unwatched world is
 * compiled again when one of its files changed since (by modification stamp); servers made
 * before keep the snapshot they started with. A watched world is recompiled by one watcher
 * for the process (which does not keep the process alive) and its store is shared.
 *
 * @param path - the entry file
 * @param options - whether to watch, and where to log recompilations
 * @returns the store to answer from, and how to hear of reloads
 * @throws WorldError `WORLD_FILE_UNREADABLE` when the entry file cannot be read
 */
export function openSharedWorld(path: string, options: SharedWorldOptions): SharedWorldHandle {
  const entry = resolve(path);
  const key = `${options.watch ? "watched" : "compiled"}:${entry}`;
  const known = worlds.get(key);
  if (known !== undefined && (options.watch || !isStale(known))) return known;
  const { loaded, stamps } = loadStamped(path, known ? [...known.stamps.keys()] : [entry]);
  const hubs = new Map<ResourceHub, number>();
  const world: SharedWorld = {
    store: new WorldStore(loaded),
    stamps,
    hubs,
    attach(hub) {
      hubs.set(hub, (hubs.get(hub) ?? 0) + 1);
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        const count = (hubs.get(hub) ?? 1) - 1;
        if (count > 0) hubs.set(hub, count);
        else hubs.delete(hub);
      };
    },
  };
  worlds.set(key, world);
  if (options.watch) startWatching(path, world, options.logger);
  return world;
}
