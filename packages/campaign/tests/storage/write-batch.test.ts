import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../src/storage/open-campaign-store.js";
import { temporaryDatabase } from "../e2e/harness.js";
import { writeRows } from "./write-rows.js";

function campaign(id: string) {
  return {
    id,
    name: id,
    gm_mode: "HUMAN" as const,
    participant_count: 0,
    character_count: 0,
    gm_fear: 0,
    theme_prompt: "",
    created_at: "2025-01-15T10:00:00.000Z",
    updated_at: "2025-01-15T10:00:00.000Z",
  };
}

describe("group commit", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("makes writes visible to other connections only once flush resolves", async () => {
    const database = temporaryDatabase();
    const store = openCampaignStore(database.path);
    const other = new Database(database.path, { readonly: true });
    cleanups.push(() => {
      other.close();
      store.close();
      database.remove();
    });
    const count = () =>
      (other.prepare("SELECT count(*) AS n FROM campaigns").get() as { n: number }).n;

    writeRows(store, (repository) => repository.insertCampaign(campaign("camp_a")));
    writeRows(store, (repository) => repository.insertCampaign(campaign("camp_b")));
    expect(count()).toBe(0);
    await store.flush();
    expect(count()).toBe(2);
  });

  it("undoes a failed unit without touching the others of its batch", async () => {
    const database = temporaryDatabase();
    const store = openCampaignStore(database.path);
    cleanups.push(() => {
      store.close();
      database.remove();
    });
    writeRows(store, (repository) => repository.insertCampaign(campaign("camp_a")));
    expect(() =>
      writeRows(store, (repository) => {
        repository.insertCampaign(campaign("camp_b"));
        throw new Error("refused");
      }),
    ).toThrow("refused");
    writeRows(store, (repository) => repository.insertCampaign(campaign("camp_c")));
    await store.flush();
    const page = store.read((repository) => repository.listCampaigns({ limit: 10 }));
    expect(page?.items.map((item) => item.id)).toEqual(["camp_a", "camp_c"]);
  });
});
