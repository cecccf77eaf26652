import { describe, expect, it } from "vitest";
import { campaignRecord, FIXTURE_TIME, noteEvent, sessionRecord } from "../support/records.js";
import {
  freshDatabase,
  freshStore,
  openTestStore,
  STORE_KIND,
} from "../support/store-under-test.js";
import { writeRows } from "../support/write-rows.js";

/** How each store words a violated constraint. */
const VIOLATION = {
  check: /CHECK constraint failed|violates check constraint/,
  unique: /UNIQUE constraint failed|duplicate key value violates unique constraint/,
  foreignKey: /FOREIGN KEY constraint failed|violates foreign key constraint/,
};

/** A character's records as stored: traits keep their order (presence before agility). */
function sheetOf(characterId: string, campaignId: string) {
  return {
    character: {
      id: characterId,
      campaign_id: campaignId,
      name: "A",
      kind: "PC" as const,
      notes: "",
      controller: null,
      created_at: FIXTURE_TIME,
      updated_at: FIXTURE_TIME,
    },
    profile: {
      character_id: characterId,
      traits: { presence: 2, agility: -1 },
      hp_max: 6,
      stress_max: 6,
      evasion: 10,
      major_threshold: 8,
      severe_threshold: 12,
    },
    state: { character_id: characterId, hope: 2, stress: 1, hp: 5, conditions: [] },
  };
}

/** A fresh store holding campaign camp_a and its character char_a, written one by one. */
async function storeWithCharacter() {
  const store = await freshStore();
  const sheet = sheetOf("char_a", "camp_a");
  await writeRows(store, async (repository) => {
    await repository.insertCampaign(campaignRecord("camp_a"));
    await repository.insertCharacter(sheet.character);
    await repository.putProfile(sheet.profile);
    await repository.putState(sheet.state);
  });
  return { store, ...sheet };
}

describe(`the ${STORE_KIND} store`, () => {
  it("keeps committed data across reopening", async () => {
    const database = await freshDatabase();
    const first = await openTestStore(database.location);
    await writeRows(first, (repository) => repository.insertCampaign(campaignRecord("camp_a")));
    await first.close();
    const second = await openTestStore(database.location);
    const stored = await second.read((repository) => repository.getCampaign("camp_a"));
    await second.close();
    await database.remove();
    expect(stored).toEqual(campaignRecord("camp_a"));
  });

  it("rolls a failed transaction back whole", async () => {
    const store = await freshStore();
    await expect(
      writeRows(store, async (repository) => {
        await repository.insertCampaign(campaignRecord("camp_a"));
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await store.read((repository) => repository.getCampaign("camp_a"))).toBeUndefined();
  });

  it("commits writes issued together as if issued one by one, children with their parents", async () => {
    const store = await freshStore();
    const { character, profile, state } = sheetOf("char_a", "camp_a");
    await writeRows(store, (repository) =>
      Promise.all([
        repository.insertCampaign(campaignRecord("camp_a")),
        repository.insertCharacter(character),
        repository.putProfile(profile),
        repository.putState(state),
      ]),
    );
    await writeRows(store, (repository) =>
      Promise.all([
        repository.putState({ ...state, hope: 4 }),
        repository.updateCampaign({ ...campaignRecord("camp_a"), gm_fear: 3 }),
        repository.updateCampaign({ ...campaignRecord("camp_a"), gm_fear: 5 }),
      ]),
    );
    const stored = await store.read((repository) =>
      Promise.all([repository.getSheet("char_a"), repository.getCampaign("camp_a")]),
    );
    expect(stored).toEqual([
      { character, profile, state: { ...state, hope: 4 } },
      { ...campaignRecord("camp_a"), gm_fear: 5 },
    ]);
  });

  it("rolls back every write issued together with one that fails", async () => {
    const { store, character, profile, state } = await storeWithCharacter();
    await expect(
      writeRows(store, (repository) =>
        Promise.all([
          repository.putState({ ...state, hope: 0 }),
          repository.insertCharacter(character),
          repository.updateCampaign({ ...campaignRecord("camp_a"), gm_fear: 7 }),
        ]),
      ),
    ).rejects.toThrow(VIOLATION.unique);
    const stored = await store.read((repository) =>
      Promise.all([repository.getSheet("char_a"), repository.getCampaign("camp_a")]),
    );
    expect(stored).toEqual([{ character, profile, state }, campaignRecord("camp_a")]);
  });

  it("reads a character's sheet together and none for an unknown id", async () => {
    const { store, character, profile, state } = await storeWithCharacter();
    const sheet = await store.read((repository) => repository.getSheet("char_a"));
    expect(sheet).toEqual({ character, profile, state });
    expect(Object.keys(sheet?.profile.traits ?? {})).toEqual(["presence", "agility"]);
    expect(await store.read((repository) => repository.getSheet("char_none"))).toBeUndefined();
  });

  it("looks up a session's campaign, owner and seats, and the sheet an event names, by the session", async () => {
    const store = await freshStore();
    const { character, profile, state } = sheetOf("char_a", "camp_a");
    const seat = {
      id: "part_b",
      campaign_id: "camp_a",
      display_name: "Bob",
      role: "PLAYER" as const,
      controller: "HUMAN" as const,
      user: "bob",
      created_at: FIXTURE_TIME,
      updated_at: FIXTURE_TIME,
    };
    await writeRows(store, async (repository) => {
      await repository.insertCampaign(campaignRecord("camp_a"));
      await repository.insertCampaign(campaignRecord("camp_b"));
      await repository.recordOwner("camp_a", "alice");
      await repository.insertParticipant(seat);
      await repository.insertCharacter(character);
      await repository.putProfile(profile);
      await repository.putState(state);
      await repository.insertSession(sessionRecord("sess_a", "camp_a"));
      await repository.insertSession(sessionRecord("sess_b", "camp_b"));
      await repository.appendEvents([
        { ...noteEvent("sess_a", 1), character_id: "char_a" },
        noteEvent("sess_a", 2),
      ]);
    });

    const lookups = (sessionId: string) =>
      store.read(async (repository) => ({
        campaign: (await repository.getSessionCampaign(sessionId))?.id,
        owner: await repository.getSessionOwner(sessionId),
        bob: await repository.findSessionSeat(sessionId, "bob"),
        carol: await repository.findSessionSeat(sessionId, "carol"),
        first: await repository.getEventSheet(sessionId, 1),
        second: await repository.getEventSheet(sessionId, 2),
      }));
    expect(await lookups("sess_a")).toEqual({
      campaign: "camp_a",
      owner: "alice",
      bob: seat,
      carol: undefined,
      first: { character, profile, state },
      second: undefined,
    });
    expect(await lookups("sess_b")).toEqual({
      campaign: "camp_b",
      owner: undefined,
      bob: undefined,
      carol: undefined,
      first: undefined,
      second: undefined,
    });
    const nothing = { campaign: undefined, owner: undefined, bob: undefined, carol: undefined };
    expect(await lookups("sess_none")).toEqual({ ...nothing, first: undefined, second: undefined });
  });
});

describe(`the ${STORE_KIND} database's own constraints`, () => {
  async function seeded() {
    const store = await freshStore();
    await writeRows(store, (repository) => repository.insertCampaign(campaignRecord("camp_a")));
    return store;
  }

  it("rejects GM Fear above 12 and a second active session of a campaign", async () => {
    const store = await seeded();
    await expect(
      writeRows(store, (repository) =>
        repository.updateCampaign({ ...campaignRecord("camp_a"), gm_fear: 13 }),
      ),
    ).rejects.toThrow(VIOLATION.check);
    await writeRows(store, (repository) =>
      repository.insertSession(sessionRecord("sess_1", "camp_a")),
    );
    await expect(
      writeRows(store, (repository) => repository.insertSession(sessionRecord("sess_2", "camp_a"))),
    ).rejects.toThrow(VIOLATION.unique);
  });

  it("rejects a repeated event seq, a repeated outcome marker and a marker for no event", async () => {
    const store = await seeded();
    await writeRows(store, async (repository) => {
      await repository.insertSession(sessionRecord("sess_1", "camp_a"));
      await repository.appendEvents([noteEvent("sess_1", 1)]);
      await repository.recordOutcomeApplication("sess_1", 1, campaignRecord("x").created_at);
    });
    await expect(
      writeRows(store, (repository) => repository.appendEvents([noteEvent("sess_1", 1)])),
    ).rejects.toThrow(VIOLATION.unique);
    await expect(
      writeRows(store, (repository) =>
        repository.recordOutcomeApplication("sess_1", 1, campaignRecord("x").created_at),
      ),
    ).rejects.toThrow(VIOLATION.unique);
    await expect(
      writeRows(store, (repository) =>
        repository.recordOutcomeApplication("sess_1", 2, campaignRecord("x").created_at),
      ),
    ).rejects.toThrow(VIOLATION.foreignKey);
  });

  it("rejects Hope above 6 and an event of no session", async () => {
    const store = await seeded();
    await expect(
      writeRows(store, (repository) =>
        repository.putState({
          character_id: "char_none",
          hope: 2,
          stress: 0,
          hp: 6,
          conditions: [],
        }),
      ),
    ).rejects.toThrow(VIOLATION.foreignKey);
    await expect(
      writeRows(store, (repository) => repository.appendEvents([noteEvent("sess_none", 1)])),
    ).rejects.toThrow(VIOLATION.foreignKey);
  });
});

describe(`pages of the ${STORE_KIND} store`, () => {
  it("lists events newest first and resumes below a cursor seq", async () => {
    const store = await freshStore();
    await writeRows(store, async (repository) => {
      await repository.insertCampaign(campaignRecord("camp_a"));
      await repository.insertSession(sessionRecord("sess_1", "camp_a"));
      await repository.appendEvents([1, 2, 3, 4, 5].map((seq) => noteEvent("sess_1", seq)));
    });
    const first = await store.read((repository) => repository.listEvents("sess_1", { limit: 2 }));
    expect(first?.items.map((item) => item.seq)).toEqual([5, 4]);
    expect(first?.hasMore).toBe(true);
    const last = await store.read((repository) =>
      repository.listEvents("sess_1", { beforeSeq: 2, limit: 2 }),
    );
    expect(last).toMatchObject({ hasMore: false });
    expect(last?.items.map((item) => item.seq)).toEqual([1]);
    expect(
      await store.read((repository) => repository.listEvents("sess_1", { beforeSeq: 9, limit: 2 })),
    ).toBeUndefined();
  });

  it("lists campaigns in creation order after a cursor id, unknown cursors giving nothing", async () => {
    const store = await freshStore();
    await writeRows(store, async (repository) => {
      for (const id of ["camp_z", "camp_a", "camp_m"]) {
        await repository.insertCampaign(campaignRecord(id));
      }
    });
    const page = await store.read((repository) =>
      repository.listCampaigns({ afterId: "camp_z", limit: 1 }),
    );
    expect(page?.items.map((item) => item.id)).toEqual(["camp_a"]);
    expect(page?.hasMore).toBe(true);
    const end = await store.read((repository) =>
      repository.listCampaigns({ afterId: "camp_m", limit: 5 }),
    );
    expect(end).toEqual({ items: [], hasMore: false });
    expect(
      await store.read((repository) => repository.listCampaigns({ afterId: "camp_q", limit: 1 })),
    ).toBeUndefined();
  });

  it("lists a campaign's sessions after a cursor of that campaign only", async () => {
    const store = await freshStore();
    await writeRows(store, async (repository) => {
      await repository.insertCampaign(campaignRecord("camp_a"));
      await repository.insertCampaign(campaignRecord("camp_b"));
      await repository.insertSession({
        ...sessionRecord("sess_1", "camp_a"),
        status: "ENDED",
        ended_at: "2025-01-15T11:00:00.000Z",
      });
      await repository.insertSession(sessionRecord("sess_2", "camp_b"));
      await repository.insertSession(sessionRecord("sess_3", "camp_a"));
    });
    const page = await store.read((repository) =>
      repository.listSessions("camp_a", { afterId: "sess_1", limit: 5 }),
    );
    expect(page?.items.map((item) => item.id)).toEqual(["sess_3"]);
    expect(
      await store.read((repository) =>
        repository.listSessions("camp_a", { afterId: "sess_2", limit: 5 }),
      ),
    ).toBeUndefined();
  });
});
