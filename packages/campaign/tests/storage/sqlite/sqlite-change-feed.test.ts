import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { ExternalChange } from "../../../src/storage/campaign-store.js";
import { SqliteChangeFeed } from "../../../src/storage/sqlite/sqlite-change-feed.js";
import { migrate } from "../../../src/storage/sqlite/sqlite-migrations.js";
import { temporaryDatabase } from "../../e2e/harness.js";

const MINUTE = 60_000;

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the SQLite change feed", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  function twoConnections() {
    const file = temporaryDatabase();
    const writing = new Database(file.path);
    migrate(writing);
    const watching = new Database(file.path);
    cleanups.push(() => {
      writing.close();
      watching.close();
      file.remove();
    });
    return { writing, watching };
  }

  it("reports each foreign write in commit order, skips its own and rolled-back ones", async () => {
    const { writing, watching } = twoConnections();
    const writer = new SqliteChangeFeed(writing);
    const watcher = new SqliteChangeFeed(watching);
    const seen: ExternalChange[] = [];
    cleanups.push(watcher.watch((change) => seen.push(change)));

    writing.transaction(() => writer.record(["campaigns://list", "campaign://camp_a"]))();
    watching.transaction(() => watcher.record(["campaign://camp_own"]))();
    expect(() =>
      writing.transaction(() => {
        writer.record(["campaign://camp_undone"]);
        throw new Error("rolled back");
      })(),
    ).toThrow("rolled back");
    writing.transaction(() => writer.record(["session://sess_b/events"]))();
    await waitFor(() => seen.length >= 2);

    expect(seen).toEqual([
      { kind: "changed", uris: ["campaigns://list", "campaign://camp_a"] },
      { kind: "changed", uris: ["session://sess_b/events"] },
    ]);
  });

  it("reports missed changes when rows it had not read were pruned", async () => {
    const { writing, watching } = twoConnections();
    let clock = 0;
    const writer = new SqliteChangeFeed(writing, () => clock);
    const seen: ExternalChange[] = [];
    cleanups.push(new SqliteChangeFeed(watching).watch((change) => seen.push(change)));

    writing.transaction(() => {
      for (let index = 1; index < 500; index++) writer.record([`campaign://camp_${index}`]);
      clock = 11 * MINUTE;
      writer.record(["campaign://camp_last"]);
    })();
    await waitFor(() => seen.length >= 1);

    const remaining = writing.prepare("SELECT count(*) AS rows FROM resource_changes").get();
    expect(remaining).toEqual({ rows: 1 });
    expect(seen).toEqual([{ kind: "missed" }]);
  });
});
