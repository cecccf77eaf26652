import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { databaseAtVersion } from "./old-database.js";

/** The version before a character's notes could be kept from the players. */
const BEFORE_GM_ONLY_NOTES = 4;

describe("the SQLite migration to GM-only character notes", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("leaves the notes of every existing character for everyone", async () => {
    const file = databaseAtVersion(BEFORE_GM_ONLY_NOTES);
    cleanups.push(file.remove);
    const old = file.database;
    old
      .prepare(
        `INSERT INTO characters (id, campaign_id, name, kind, notes, controller, created_at, updated_at)
       VALUES ('char_old', 'camp_old', 'Old', 'NPC', 'Known to all', NULL, ?, ?)`,
      )
      .run(FIXTURE_TIME, FIXTURE_TIME);
    old.close();

    const store = openCampaignStore(file.path);
    const character = await store.read((repository) => repository.getCharacter("char_old"));
    await store.close();

    expect(character).toEqual({
      id: "char_old",
      campaign_id: "camp_old",
      name: "Old",
      kind: "NPC",
      notes: "Known to all",
      controller: null,
      created_at: FIXTURE_TIME,
      updated_at: FIXTURE_TIME,
    });
  });
});
