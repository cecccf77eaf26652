import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/storage/migrations.js";
import { openCampaignStore } from "../../src/storage/open-campaign-store.js";
import { StorageError } from "../../src/storage/storage-error.js";
import { temporaryDatabase } from "../e2e/harness.js";
import { writeRows } from "./write-rows.js";

const campaign = {
  id: "camp_a",
  name: "A",
  gm_mode: "HUMAN" as const,
  participant_count: 0,
  character_count: 0,
  gm_fear: 0,
  theme_prompt: "",
  created_at: "2025-01-15T10:00:00.000Z",
  updated_at: "2025-01-15T10:00:00.000Z",
};

function session(id: string) {
  return {
    id,
    campaign_id: "camp_a",
    name: "",
    status: "ACTIVE" as const,
    started_at: campaign.created_at,
    updated_at: campaign.created_at,
  };
}

function event(sessionId: string, seq: number) {
  return {
    session_id: sessionId,
    seq,
    ts: campaign.created_at,
    type: "NOTE_ADDED" as const,
    request_id: "1",
    invocation_id: "inv_1",
    payload_json: JSON.stringify({ text: `note ${seq}` }),
  };
}

describe("openCampaignStore", () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  it("creates missing directories, runs the migrations and uses WAL with full sync", () => {
    const database = temporaryDatabase();
    cleanups.push(database.remove);
    const nested = database.path.replace("campaign.db", "deep/er/campaign.db");
    openCampaignStore(nested).close();
    const raw = new Database(nested);
    expect(raw.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
    expect(raw.pragma("journal_mode", { simple: true })).toBe("wal");
    raw.close();
  });

  it("refuses a database written by a newer server", () => {
    const database = temporaryDatabase();
    cleanups.push(database.remove);
    const raw = new Database(database.path);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openCampaignStore(database.path)).toThrow(
      new StorageError(
        "SCHEMA_TOO_NEW",
        `schema version ${SCHEMA_VERSION + 1} is newer than supported ${SCHEMA_VERSION}`,
      ),
    );
  });

  it("keeps committed data across reopening", () => {
    const database = temporaryDatabase();
    cleanups.push(database.remove);
    const first = openCampaignStore(database.path);
    writeRows(first, (repository) => repository.insertCampaign(campaign));
    first.close();
    const second = openCampaignStore(database.path);
    expect(second.read((repository) => repository.getCampaign("camp_a"))).toEqual(campaign);
    second.close();
  });

  it("rolls a failed transaction back whole", () => {
    const store = openCampaignStore(":memory:");
    expect(() =>
      writeRows(store, (repository) => {
        repository.insertCampaign(campaign);
        throw new Error("stop");
      }),
    ).toThrow("stop");
    expect(store.read((repository) => repository.getCampaign("camp_a"))).toBeUndefined();
  });
});

describe("the database's own constraints", () => {
  function seeded() {
    const store = openCampaignStore(":memory:");
    writeRows(store, (repository) => repository.insertCampaign(campaign));
    return store;
  }

  it("rejects GM Fear above 12 and a second active session of a campaign", () => {
    const store = seeded();
    expect(() =>
      writeRows(store, (repository) => repository.updateCampaign({ ...campaign, gm_fear: 13 })),
    ).toThrow(/CHECK constraint failed/);
    writeRows(store, (repository) => repository.insertSession(session("sess_1")));
    expect(() =>
      writeRows(store, (repository) => repository.insertSession(session("sess_2"))),
    ).toThrow(/UNIQUE constraint failed/);
  });

  it("rejects a repeated event seq, a repeated outcome marker and a marker for no event", () => {
    const store = seeded();
    writeRows(store, (repository) => {
      repository.insertSession(session("sess_1"));
      repository.appendEvent(event("sess_1", 1));
      repository.recordOutcomeApplication("sess_1", 1, campaign.created_at);
    });
    expect(() =>
      writeRows(store, (repository) => repository.appendEvent(event("sess_1", 1))),
    ).toThrow(/UNIQUE constraint failed|PRIMARY KEY/);
    expect(() =>
      writeRows(store, (repository) =>
        repository.recordOutcomeApplication("sess_1", 1, campaign.created_at),
      ),
    ).toThrow(/UNIQUE constraint failed|PRIMARY KEY/);
    expect(() =>
      writeRows(store, (repository) =>
        repository.recordOutcomeApplication("sess_1", 2, campaign.created_at),
      ),
    ).toThrow(/FOREIGN KEY constraint failed/);
  });

  it("rejects Hope above 6 and an event of no session", () => {
    const store = seeded();
    expect(() =>
      writeRows(store, (repository) =>
        repository.putState({ character_id: "char_none", hope: 2, stress: 0, hp: 6 }),
      ),
    ).toThrow(/FOREIGN KEY constraint failed/);
    expect(() =>
      writeRows(store, (repository) => repository.appendEvent(event("sess_none", 1))),
    ).toThrow(/FOREIGN KEY constraint failed/);
  });
});

describe("pages", () => {
  it("lists events newest first and resumes below a cursor seq", () => {
    const store = openCampaignStore(":memory:");
    writeRows(store, (repository) => {
      repository.insertCampaign(campaign);
      repository.insertSession(session("sess_1"));
      for (let seq = 1; seq <= 5; seq++) repository.appendEvent(event("sess_1", seq));
    });
    const first = store.read((repository) => repository.listEvents("sess_1", { limit: 2 }));
    expect(first?.items.map((item) => item.seq)).toEqual([5, 4]);
    expect(first?.hasMore).toBe(true);
    const last = store.read((repository) =>
      repository.listEvents("sess_1", { beforeSeq: 2, limit: 2 }),
    );
    expect(last).toMatchObject({ hasMore: false });
    expect(last?.items.map((item) => item.seq)).toEqual([1]);
    expect(
      store.read((repository) => repository.listEvents("sess_1", { beforeSeq: 9, limit: 2 })),
    ).toBeUndefined();
  });

  it("lists campaigns in creation order after a cursor id, unknown cursors giving nothing", () => {
    const store = openCampaignStore(":memory:");
    writeRows(store, (repository) => {
      for (const id of ["camp_z", "camp_a", "camp_m"])
        repository.insertCampaign({ ...campaign, id });
    });
    const page = store.read((repository) =>
      repository.listCampaigns({ afterId: "camp_z", limit: 1 }),
    );
    expect(page?.items.map((item) => item.id)).toEqual(["camp_a"]);
    expect(page?.hasMore).toBe(true);
    expect(
      store.read((repository) => repository.listCampaigns({ afterId: "camp_q", limit: 1 })),
    ).toBeUndefined();
  });
});
