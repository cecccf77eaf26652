import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { temporaryDatabase } from "../../e2e/harness.js";
import { campaignRecord } from "../../support/records.js";
import { writeRows } from "../../support/write-rows.js";

describe("group commit on SQLite", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("commits writes that arrive together at once, visible elsewhere only when they resolve", async () => {
    const database = temporaryDatabase();
    const store = openCampaignStore(database.path);
    const other = new Database(database.path, { readonly: true });
    cleanups.push(() => {
      other.close();
      database.remove();
    });
    const count = () =>
      (other.prepare("SELECT count(*) AS n FROM campaigns").get() as { n: number }).n;
    let seenDuringSecond = -1;

    const first = writeRows(store, (repository) =>
      repository.insertCampaign(campaignRecord("camp_a")),
    );
    const second = writeRows(store, async (repository) => {
      await repository.insertCampaign(campaignRecord("camp_b"));
      seenDuringSecond = count();
    });
    await Promise.all([first, second]);
    const seenAfter = count();
    await store.close();

    expect(seenDuringSecond).toBe(0);
    expect(seenAfter).toBe(2);
  });

  it("undoes a failed write without touching the others of its batch", async () => {
    const store = openCampaignStore(":memory:");
    cleanups.push(() => void store.close());
    const writes = [
      writeRows(store, (repository) => repository.insertCampaign(campaignRecord("camp_a"))),
      writeRows(store, async (repository) => {
        await repository.insertCampaign(campaignRecord("camp_b"));
        throw new Error("refused");
      }),
      writeRows(store, (repository) => repository.insertCampaign(campaignRecord("camp_c"))),
    ];
    const outcomes = await Promise.allSettled(writes);
    const page = await store.read((repository) => repository.listCampaigns({ limit: 10 }));

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect(page?.items.map((item) => item.id)).toEqual(["camp_a", "camp_c"]);
  });
});
