import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { databaseAtVersion } from "./old-database.js";

/** The version before a character's conditions were kept. */
const BEFORE_CHARACTER_CONDITIONS = 12;

describe("the SQLite migration to a character's conditions (version 13)", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("gives every existing character no conditions, and keeps only an array", async () => {
    const file = databaseAtVersion(BEFORE_CHARACTER_CONDITIONS);
    cleanups.push(file.remove);
    const old = file.database;
    old
      .prepare(
        `INSERT INTO characters (id, campaign_id, name, kind, notes, controller, created_at, updated_at)
         VALUES ('char_old', 'camp_old', 'Old', 'PC', '', NULL, ?, ?)`,
      )
      .run(FIXTURE_TIME, FIXTURE_TIME);
    old
      .prepare(
        `INSERT INTO character_profiles (character_id, traits_json, hp_max, stress_max, evasion,
           major_threshold, severe_threshold)
         VALUES ('char_old', '{}', 6, 6, 10, 7, 14)`,
      )
      .run();
    old
      .prepare(
        "INSERT INTO character_states (character_id, hope, stress, hp) VALUES ('char_old', 3, 1, 4)",
      )
      .run();
    old.close();

    const store = openCampaignStore(file.path);
    const before = await store.read((repository) => repository.getSheet("char_old"));
    await store.write(async (repository) => {
      await repository.putState({
        character_id: "char_old",
        hope: 3,
        stress: 1,
        hp: 4,
        conditions: ["RESTRAINED", "VULNERABLE"],
      });
      return { value: undefined, changedUris: [] };
    });
    const after = await store.read((repository) => repository.getSheet("char_old"));
    await store.close();

    expect(before?.state).toEqual({
      character_id: "char_old",
      hope: 3,
      stress: 1,
      hp: 4,
      conditions: [],
    });
    expect(after?.state.conditions).toEqual(["RESTRAINED", "VULNERABLE"]);
    const database = new Database(file.path);
    cleanups.push(() => database.close());
    expect(() =>
      database
        .prepare("UPDATE character_states SET conditions_json = '{}' WHERE character_id = ?")
        .run("char_old"),
    ).toThrow(/CHECK constraint failed/);
  });
});
