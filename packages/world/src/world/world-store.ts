import type { LoadedWorld } from "./load-world.js";

/**
 * Holds the current snapshot of the world. Tool calls read `current` once and work on that
 * immutable snapshot, so a reload never shows a call half of an old and half of a new world.
 */
export class WorldStore {
  private snapshot: LoadedWorld;

  /** @param initial - the snapshot compiled at start-up */
  constructor(initial: LoadedWorld) {
    this.snapshot = initial;
  }

  /** The snapshot to answer from. */
  get current(): LoadedWorld {
    return this.snapshot;
  }

  /** Swaps in a new snapshot in one step. */
  replace(next: LoadedWorld): void {
    this.snapshot = next;
  }
}
