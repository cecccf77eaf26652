import { randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import type { ChangeAudience, ExternalChange } from "../campaign-store.js";

/** How often a store looks for commits of other processes sharing its file. */
export const CHANGE_POLL_MS = 50;

/** How long recorded changes are kept for processes that fall behind. */
const RETENTION_MS = 10 * 60_000;

/** A process prunes expired changes once per this many writes it records. */
const PRUNE_EVERY = 500;

interface ChangeRow {
  id: number;
  origin: string;
  uris_json: string;
  audience_json: string | null;
}

function changeOf(row: ChangeRow): ExternalChange {
  const uris = JSON.parse(row.uris_json) as string[];
  if (row.audience_json === null) return { kind: "changed", uris };
  return { kind: "changed", uris, audience: JSON.parse(row.audience_json) as ChangeAudience };
}

/**
 * The change feed of one SQLite file: every committed write records the URIs it changed
 * (`resource_changes`, in the write's own transaction), and each process polls the cheap
 * `PRAGMA data_version`, which moves only when another connection commits, to read the rows
 * it has not seen. Rows carry the writing store's origin, so a store skips its own changes
 * (it announced those itself). Rows older than ten minutes are pruned; a reader that finds
 * rows missing below the first one it reads reports `missed`.
 */
export class SqliteChangeFeed {
  private readonly origin = randomBytes(8).toString("hex");
  private readonly insert: Database.Statement<[string, string, string | null, number]>;
  private readonly prune: Database.Statement<[number]>;
  private readonly since: Database.Statement<[number], ChangeRow>;
  private readonly newest: Database.Statement<[], { id: number }>;
  private recorded = 0;

  /**
   * @param database - an open, migrated connection
   * @param now - the clock, in milliseconds since the epoch
   */
  constructor(
    private readonly database: Database.Database,
    private readonly now: () => number = Date.now,
  ) {
    this.insert = database.prepare(
      `INSERT INTO resource_changes (origin, uris_json, audience_json, changed_at)
       VALUES (?, ?, ?, ?)`,
    );
    this.prune = database.prepare("DELETE FROM resource_changes WHERE changed_at < ?");
    this.since = database.prepare(
      "SELECT id, origin, uris_json, audience_json FROM resource_changes WHERE id > ? ORDER BY id",
    );
    // The largest id ever handed out, even if its row was pruned since.
    this.newest = database.prepare(
      "SELECT seq AS id FROM sqlite_sequence WHERE name = 'resource_changes'",
    );
  }

  /**
   * Records, inside the open transaction, that a write changed these URIs.
   *
   * @param uris - the changed URIs; nothing is recorded for none
   * @param audience - who may hear of them, if the write said
   */
  record(uris: readonly string[], audience?: ChangeAudience): void {
    if (uris.length === 0) return;
    const audienceJson = audience === undefined ? null : JSON.stringify(audience);
    this.insert.run(this.origin, JSON.stringify(uris), audienceJson, this.now());
    this.recorded += 1;
    if (this.recorded % PRUNE_EVERY === 0) this.prune.run(this.now() - RETENTION_MS);
  }

  /**
   * Calls `listener` with each write other processes commit from now on, polling every
   * {@link CHANGE_POLL_MS} ms without keeping the process alive.
   *
   * @param listener - receives the URIs of each foreign write, in commit order
   * @returns stops watching
   */
  watch(listener: (change: ExternalChange) => void): () => void {
    let version = this.dataVersion();
    let lastSeen = this.newest.get()?.id ?? 0;
    const poll = () => {
      if (!this.database.open || this.database.inTransaction) return;
      const current = this.dataVersion();
      if (current === version) return;
      version = current;
      const rows = this.since.all(lastSeen);
      const first = rows[0];
      const last = rows.at(-1);
      if (!first || !last) return;
      const missed = first.id > lastSeen + 1;
      lastSeen = last.id;
      if (missed) {
        listener({ kind: "missed" });
        return;
      }
      for (const row of rows) {
        if (row.origin !== this.origin) listener(changeOf(row));
      }
    };
    const timer = setInterval(() => {
      try {
        poll();
      } catch {
        // A failed look (the file briefly unreadable) is retried on the next tick.
      }
    }, CHANGE_POLL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  private dataVersion(): number {
    return this.database.pragma("data_version", { simple: true }) as number;
  }
}
