import type Database from "better-sqlite3";

/** Runs tasks on the connection one at a time, in the order they were queued. */
export type SerialRunner = <Result>(task: () => Promise<Result>) => Promise<Result>;

/**
 * Group commit on one connection: the first write opens `BEGIN IMMEDIATE`, writes queued before
 * the event loop turns join it (each in its own savepoint), and one `COMMIT` (one fsync) makes
 * them all durable. The commit is queued behind the writes already running, so it never lands
 * in the middle of one; writes queued after it open the next batch.
 */
export class WriteBatch {
  private pending: Promise<void> | undefined;

  /**
   * @param database - the connection the batch commits on
   * @param serially - the connection's task queue
   */
  constructor(
    private readonly database: Database.Database,
    private readonly serially: SerialRunner,
  ) {}

  /**
   * Joins the open batch, opening one if none is open. Call from inside a queued task.
   *
   * @returns resolves when the batch is committed; rejects if its commit failed
   */
  join(): Promise<void> {
    if (this.pending) return this.pending;
    this.database.exec("BEGIN IMMEDIATE");
    const pending = new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        this.serially(async () => this.commit()).then(resolve, reject);
      });
    });
    pending.catch(() => undefined);
    this.pending = pending;
    return pending;
  }

  /** @returns the open batch's commit, if a batch is open */
  current(): Promise<void> | undefined {
    return this.pending;
  }

  /** Commits the open batch now, if any (also used before closing). */
  commit(): void {
    if (!this.pending) return;
    this.pending = undefined;
    try {
      this.database.exec("COMMIT");
    } catch (error) {
      if (this.database.inTransaction) this.database.exec("ROLLBACK");
      throw error;
    }
  }
}
