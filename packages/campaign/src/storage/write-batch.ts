import type Database from "better-sqlite3";

/**
 * Group commit on one connection: the first write opens `BEGIN IMMEDIATE`, writes made before
 * the event loop turns join it (each in its own savepoint), and one `COMMIT` (one fsync) makes
 * them all durable. Callers await {@link WriteBatch.committed} before acknowledging.
 */
export class WriteBatch {
  private pending: Promise<void> | undefined;

  /** @param database - the connection the batch commits on */
  constructor(private readonly database: Database.Database) {}

  /** Opens a batch if none is open; its commit is scheduled for the next turn of the loop. */
  open(): void {
    if (this.pending) return;
    this.database.exec("BEGIN IMMEDIATE");
    this.pending = new Promise((resolve, reject) => {
      setImmediate(() => {
        try {
          this.commit();
          resolve();
        } catch (error) {
          reject(error);
        }
      });
    });
    this.pending.catch(() => undefined);
  }

  /** Resolves when the open batch, if any, is committed. */
  committed(): Promise<void> {
    return this.pending ?? Promise.resolve();
  }

  /** Commits the open batch now, if any (used before closing). */
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
