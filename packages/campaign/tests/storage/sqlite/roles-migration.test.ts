import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { SCHEMA_VERSION } from "../../../src/storage/sqlite/sqlite-migrations.js";
import { FIXTURE_TIME, sessionRecord } from "../../support/records.js";
import { addSession, databaseAtVersion } from "./old-database.js";

/** The version before campaigns had owners, seats and actors. */
const BEFORE_ROLES = 2;

describe("the SQLite migration to roles", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("gives the process owner every existing campaign and event", async () => {
    const file = databaseAtVersion(BEFORE_ROLES);
    cleanups.push(file.remove);
    const old = file.database;
    old
      .prepare(
        `INSERT INTO participants (id, campaign_id, display_name, role, controller, created_at, updated_at)
       VALUES ('part_old', 'camp_old', 'Old seat', 'PLAYER', 'HUMAN', ?, ?)`,
      )
      .run(FIXTURE_TIME, FIXTURE_TIME);
    const session = sessionRecord("sess_old", "camp_old");
    addSession(old, session.id);
    old
      .prepare(
        `INSERT INTO session_events (session_id, seq, ts, type, request_id, invocation_id, payload_json)
       VALUES ('sess_old', 1, ?, 'SESSION_STARTED', '1', 'inv_1', '{"campaign_id":"camp_old"}')`,
      )
      .run(FIXTURE_TIME);
    old.close();

    const store = openCampaignStore(file.path);
    const [owner, seat, page] = await store.read((repository) =>
      Promise.all([
        repository.getOwner("camp_old"),
        repository.getParticipant("part_old"),
        repository.listEvents("sess_old", { limit: 5 }),
      ]),
    );
    await store.close();
    const raw = new Database(file.path, { readonly: true });
    const version = raw.pragma("user_version", { simple: true });
    raw.close();

    expect(version).toBe(SCHEMA_VERSION);
    expect(owner).toBe("local");
    expect(seat?.user).toBeNull();
    expect(page?.items).toEqual([
      expect.objectContaining({ seq: 1, actor: "local", type: "SESSION_STARTED" }),
    ]);
    expect(page?.items[0]).not.toHaveProperty("gm_only");
  });
});
