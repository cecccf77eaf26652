import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { FIXTURE_TIME } from "../../support/records.js";
import { addSession, databaseAtVersion } from "./old-database.js";

describe("the SQLite schema of the encounters (version 10)", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("holds at most one active encounter per session, and any number of ended ones", async () => {
    const file = databaseAtVersion(9);
    cleanups.push(file.remove);
    addSession(file.database, "sess_old");
    file.database.close();
    await openCampaignStore(file.path).close();
    const database = new Database(file.path);
    cleanups.push(() => database.close());
    const insert = database.prepare(
      `INSERT INTO encounters (id, campaign_id, session_id, name, state, difficulty,
         adjustments_json, party_json, started_at, updated_at, ended_at)
       VALUES (?, 'camp_old', 'sess_old', 'Fight', ?, 'STANDARD', '[]', '[]', ?, ?, ?)`,
    );
    insert.run("enc_a", "ENDED", FIXTURE_TIME, FIXTURE_TIME, FIXTURE_TIME);
    insert.run("enc_b", "ENDED", FIXTURE_TIME, FIXTURE_TIME, FIXTURE_TIME);
    insert.run("enc_c", "ACTIVE", FIXTURE_TIME, FIXTURE_TIME, null);
    expect(() => insert.run("enc_d", "ACTIVE", FIXTURE_TIME, FIXTURE_TIME, null)).toThrow(
      /UNIQUE constraint failed/,
    );
    // An active encounter has no end time, an ended one has one.
    expect(() => insert.run("enc_e", "ENDED", FIXTURE_TIME, FIXTURE_TIME, null)).toThrow(
      /CHECK constraint failed/,
    );
    const types = database.prepare("SELECT name FROM event_types WHERE name LIKE 'ENCOUNTER%'");
    expect(types.all()).toHaveLength(4);
  });
});
