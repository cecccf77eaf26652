import { type FSWatcher, watch } from "node:fs";
import { dirname, resolve } from "node:path";
import { type LoadedWorld, loadWorldFile } from "./load-world.js";
import { WorldError } from "./world-error.js";
import type { WorldStore } from "./world-store.js";

/** How to watch a world file. */
export interface WatchWorldOptions {
  /** The entry file, as given on the command line. */
  path: string;
  store: WorldStore;
  /** Quiet time after the last change before recompiling; 100 ms by default. */
  debounceMs?: number;
  /** Called after a new snapshot replaced the old one. */
  onReloaded: (world: LoadedWorld) => void;
  /** Called when the entry file could not be read; the last good snapshot stays. */
  onReadFailed: (error: WorldError) => void;
}

/** A running watch; `close` stops it. */
export interface WorldWatcher {
  close(): void;
}

/**
 * Recompiles the world when its entry file or one of its imports changes. Directories are
 * watched rather than files so that editors that save by renaming a new file into place are
 * seen too; the set of watched files follows the imports of the latest compilation.
 *
 * @param options - the file, the store to update and what to do after a reload
 * @returns a handle that stops watching
 */
export function watchWorld(options: WatchWorldOptions): WorldWatcher {
  const debounceMs = options.debounceMs ?? 100;
  const directoryWatchers = new Map<string, FSWatcher>();
  let watchedFiles = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const reload = () => {
    timer = undefined;
    if (closed) return;
    let next: LoadedWorld;
    try {
      next = loadWorldFile(options.path);
    } catch (error) {
      if (error instanceof WorldError) {
        options.onReadFailed(error);
        return;
      }
      throw error;
    }
    options.store.replace(next);
    follow(next.files);
    options.onReloaded(next);
  };

  const schedule = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(reload, debounceMs).unref();
  };

  const watchDirectory = (directory: string) => {
    try {
      const watcher = watch(directory, (_event, fileName) => {
        if (fileName === null || watchedFiles.has(resolve(directory, fileName))) schedule();
      });
      // Watching never keeps the process alive: the transport does while a client is there.
      watcher.unref();
      watcher.on("error", () => {
        watcher.close();
        directoryWatchers.delete(directory);
      });
      directoryWatchers.set(directory, watcher);
    } catch {
      // A directory that does not exist yet (a missing import's) cannot be watched.
    }
  };

  const follow = (files: readonly string[]) => {
    watchedFiles = new Set(files);
    const directories = new Set(files.map((file) => dirname(file)));
    for (const [directory, watcher] of directoryWatchers) {
      if (directories.has(directory)) continue;
      watcher.close();
      directoryWatchers.delete(directory);
    }
    for (const directory of directories) {
      if (!directoryWatchers.has(directory)) watchDirectory(directory);
    }
  };

  const initialFiles = options.store.current.files;
  follow(initialFiles.length > 0 ? initialFiles : [resolve(options.path)]);
  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const watcher of directoryWatchers.values()) watcher.close();
      directoryWatchers.clear();
    },
  };
}
