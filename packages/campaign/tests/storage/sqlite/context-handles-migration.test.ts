import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { SCHEMA_VERSION } from "../../../src/storage/sqlite/sqlite-migrations.js";
import { campaignRecord, FIXTURE_TIME } from "../../support/records.js";
import { databaseAtVersion } from "./old-database.js";

/** The version before context handles. */
const BEFORE_CONTEXT_HANDLES = 5;

const KEPT_SESSION = {
  id: "s-old",
  subject: "alice",
  initialize: "{}",
  context: '{"campaign_id":"camp_old","session_id":null,"participant_id":null}',
  subscriptions: "[]",
  last_seen: FIXTURE_TIME,
};

describe("the SQLite migration to context handles", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("keeps existing campaigns and kept sessions, and starts with no handles, then keeps them", async () => {
    const file = databaseAtVersion(BEFORE_CONTEXT_HANDLES);
    cleanups.push(file.remove);
    const old = file.database;
    old
      .prepare(
        `INSERT INTO mcp_sessions (id, subject, initialize, context, subscriptions, last_seen)
         VALUES (@id, @subject, @initialize, @context, @subscriptions, @last_seen)`,
      )
      .run(KEPT_SESSION);
    old.close();

    const store = openCampaignStore(file.path);
    const { campaign, session, handle } = await store.read(async (repository) => ({
      campaign: await repository.getCampaign("camp_old"),
      session: await repository.resumeMcpSession("s-old", FIXTURE_TIME, FIXTURE_TIME),
      handle: await repository.findContextHandle("alice", KEPT_SESSION.context),
    }));
    const row = {
      id: "ctx_new",
      subject: "alice",
      context: KEPT_SESSION.context,
      last_used: FIXTURE_TIME,
    };
    const kept = await store.write(async (repository) => ({
      value: await repository.putContextHandle(row),
      changedUris: [],
    }));
    await store.close();
    const migrated = new Database(file.path, { readonly: true });
    const version = migrated.pragma("user_version", { simple: true });
    migrated.close();

    expect(version).toBe(SCHEMA_VERSION);
    expect(campaign).toEqual(campaignRecord("camp_old"));
    expect(session).toEqual(KEPT_SESSION);
    expect(handle).toBeUndefined();
    expect(kept.value).toBe("ctx_new");
  });
});
