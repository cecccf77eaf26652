import { describe, expect, it } from "vitest";
import { addSessionNote } from "../../src/commands/add-session-note.js";
import { adjustGmFear } from "../../src/commands/adjust-gm-fear.js";
import { createCampaign } from "../../src/commands/create-campaign.js";
import { createCharacter } from "../../src/commands/create-character.js";
import { createParticipant } from "../../src/commands/create-participant.js";
import { endSession } from "../../src/commands/end-session.js";
import { rollActionInSession } from "../../src/commands/roll-action.js";
import {
  type SearchSessionLogInput,
  searchSessionLog,
} from "../../src/commands/search-session-log.js";
import { startSession } from "../../src/commands/start-session.js";
import { CampaignError } from "../../src/domain/campaign-error.js";
import type { SessionEvent } from "../../src/domain/records.js";
import { callerWith, testEnvironment } from "./test-environment.js";

const PLAYER = { subject: "player-sub" };
const STRANGER = { subject: "stranger-sub" };

/**
 * A campaign with a player and two sessions: the first ended, the second active. Notes, a GM-only
 * note, a roll with a modifier's source, a character and a Fear spend with a reason.
 */
async function table() {
  const environment = await testEnvironment([8, 5]);
  const campaign = (await createCampaign(environment, { name: "C", gm_mode: "HUMAN" })).value;
  const gm = callerWith({ campaign_id: campaign.id });
  await createParticipant(environment, gm, {
    display_name: "Pat",
    role: "PLAYER",
    user: PLAYER.subject,
  });
  const first = (await startSession(environment, gm, { name: "One" })).value;
  const note = (session: string, text: string, gmOnly = false) =>
    addSessionNote(environment, gm, { session_id: session, text, gm_only: gmOnly });
  await note(first.id, "The party met the Duke at the crossroads");
  await note(first.id, "The duke is secretly a lich", true);
  const thorin = (await createCharacter(environment, gm, { name: "Thorin", kind: "PC" })).value;
  await endSession(environment, gm, { session_id: first.id });
  const second = (await startSession(environment, gm, { name: "Two" })).value;
  await rollActionInSession(environment, gm, {
    session_id: second.id,
    character_id: thorin.id,
    trait: "agility",
    difficulty: 10,
    modifiers: [{ source: "Experience: Duke's bodyguard", value: 2 }],
  });
  await adjustGmFear(environment, gm, { delta: 1, reason: "the duke's interrupt" });
  await note(second.id, "Thorin owes the DUKE a favour");
  const player = callerWith({ campaign_id: campaign.id }, PLAYER);
  return { environment, campaign, gm, player, first, second, thorin };
}

type Table = Awaited<ReturnType<typeof table>>;

function search(
  context: Pick<Table, "environment">,
  caller: Table["gm"],
  input: SearchSessionLogInput,
) {
  return searchSessionLog(context.environment, caller, input);
}

function described(events: readonly SessionEvent[]): string[] {
  return events.map((event) => `${event.session_id}#${event.seq} ${event.type}`);
}

async function failure(action: () => Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await action();
  } catch (error) {
    if (error instanceof CampaignError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a CampaignError");
}

describe("session_log_search", () => {
  it("finds notes and the words inside other events across sessions, newest first, any case", async () => {
    const t = await table();
    const found = await search(t, t.gm, { query: "duke" });
    expect(described(found.events)).toEqual([
      `${t.second.id}#5 NOTE_ADDED`,
      `${t.second.id}#4 GM_FEAR_CHANGED`,
      `${t.second.id}#3 ACTION_ROLL_RESOLVED`,
      `${t.second.id}#2 ACTION_ROLL_REQUESTED`,
      `${t.first.id}#3 NOTE_ADDED`,
      `${t.first.id}#2 NOTE_ADDED`,
    ]);
    expect(found.next_cursor).toBeNull();
    expect(JSON.parse(found.events[0]?.payload_json ?? "{}")).toEqual({
      text: "Thorin owes the DUKE a favour",
    });
    expect(found.events[4]).toMatchObject({ gm_only: true });
  });

  it("asks for every word, in any order, and finds a character by its name", async () => {
    const t = await table();
    const both = await search(t, t.gm, { query: "favour thorin" });
    expect(described(both.events)).toEqual([`${t.second.id}#5 NOTE_ADDED`]);
    const named = await search(t, t.gm, { query: "Thorin" });
    expect(described(named.events)).toEqual([
      `${t.second.id}#5 NOTE_ADDED`,
      `${t.first.id}#4 CHARACTER_CREATED`,
    ]);
    expect((await search(t, t.gm, { query: "duke dragon" })).events).toEqual([]);
  });

  it("never finds a GM-only note for a player, whatever the filters; a stranger finds no campaign", async () => {
    const t = await table();
    const gmFinds = await search(t, t.gm, { query: "lich" });
    expect(described(gmFinds.events)).toEqual([`${t.first.id}#3 NOTE_ADDED`]);
    for (const input of [
      { query: "lich" },
      { query: "secretly lich", types: ["NOTE_ADDED" as const] },
      { query: "duke", session_id: t.first.id },
    ]) {
      const found = await search(t, t.player, input);
      expect(JSON.stringify(found)).not.toContain("lich");
    }
    const playerFinds = await search(t, t.player, { query: "duke" });
    expect(described(playerFinds.events)).toEqual(
      described((await search(t, t.gm, { query: "duke" })).events.filter((e) => !e.gm_only)),
    );
    const stranger = callerWith({ campaign_id: t.campaign.id }, STRANGER);
    expect(await failure(() => search(t, stranger, { query: "duke" }))).toEqual({
      code: "NOT_FOUND",
      message: "campaign not found",
    });
  });

  it("keeps to one session, and to the given types, when asked", async () => {
    const t = await table();
    const first = await search(t, t.gm, { query: "duke", session_id: t.first.id });
    expect(described(first.events)).toEqual([
      `${t.first.id}#3 NOTE_ADDED`,
      `${t.first.id}#2 NOTE_ADDED`,
    ]);
    const rolls = await search(t, t.gm, {
      query: "bodyguard",
      types: ["ACTION_ROLL_RESOLVED", "GM_FEAR_CHANGED"],
    });
    expect(described(rolls.events)).toEqual([`${t.second.id}#3 ACTION_ROLL_RESOLVED`]);
    const other = (await createCampaign(t.environment, { name: "O", gm_mode: "AI" })).value;
    const foreign = (await startSession(t.environment, t.gm, { campaign_id: other.id })).value;
    for (const sessionId of [foreign.id, "sess_none"]) {
      expect(
        await failure(() => search(t, t.gm, { query: "duke", session_id: sessionId })),
      ).toEqual({ code: "NOT_FOUND", message: "session not found" });
    }
  });

  it("finds only the campaign's own events when other campaigns log in between", async () => {
    const t = await table();
    const other = (await createCampaign(t.environment, { name: "O", gm_mode: "AI" })).value;
    const otherGm = callerWith({ campaign_id: other.id });
    const otherSession = (await startSession(t.environment, otherGm, {})).value;
    const note = (caller: Table["gm"], session: string, text: string) =>
      addSessionNote(t.environment, caller, { session_id: session, text });
    await note(otherGm, otherSession.id, "The duke of elsewhere");
    await note(t.gm, t.second.id, "The duke rides north");
    await note(otherGm, otherSession.id, "Another duke of elsewhere");
    const here = await search(t, t.gm, { query: "duke", limit: 2 });
    expect(described(here.events)).toEqual([
      `${t.second.id}#6 NOTE_ADDED`,
      `${t.second.id}#5 NOTE_ADDED`,
    ]);
    const there = await search(t, otherGm, { query: "duke" });
    expect(described(there.events)).toEqual([
      `${otherSession.id}#3 NOTE_ADDED`,
      `${otherSession.id}#2 NOTE_ADDED`,
    ]);
    const inFirst = await search(t, t.gm, { query: "duke", session_id: t.first.id, limit: 1 });
    expect(described(inFirst.events)).toEqual([`${t.first.id}#3 NOTE_ADDED`]);
  });

  it("pages by cursor until next_cursor is null, each event once", async () => {
    const t = await table();
    const all = await search(t, t.gm, { query: "duke" });
    const seen: SessionEvent[] = [];
    let cursor: string | undefined;
    do {
      const page = await search(t, t.gm, { query: "duke", limit: 4, cursor });
      expect(page.events.length).toBeLessThanOrEqual(4);
      seen.push(...page.events);
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(all.events);
    const twoPages = await search(t, t.gm, { query: "duke", limit: 3 });
    expect(twoPages.next_cursor).toBe(`${t.second.id}.3`);
  });

  it("refuses a cursor that names no event the caller may find, however it is written", async () => {
    const t = await table();
    const unknown = {
      code: "INVALID_ARGUMENT",
      message: "unknown cursor: pass the next_cursor of the previous page of this search",
    };
    const gmOnlyNote = `${t.first.id}.3`;
    expect((await search(t, t.gm, { query: "duke", cursor: gmOnlyNote })).events).toHaveLength(1);
    const cursors = [`${t.first.id}.99`, `${t.first.id}.9999999999`, "sess_none.1", "junk"];
    for (const cursor of cursors) {
      expect(await failure(() => search(t, t.gm, { query: "duke", cursor }))).toEqual(unknown);
    }
    expect(await failure(() => search(t, t.player, { query: "duke", cursor: gmOnlyNote }))).toEqual(
      unknown,
    );
    const other = (await createCampaign(t.environment, { name: "O", gm_mode: "AI" })).value;
    expect(
      await failure(() =>
        search(t, callerWith({ campaign_id: other.id }), {
          query: "duke",
          cursor: `${t.first.id}.2`,
        }),
      ),
    ).toEqual(unknown);
  });

  it("ends a page before the answer budget, however high the limit", async () => {
    const environment = await testEnvironment();
    const campaign = (await createCampaign(environment, { name: "C", gm_mode: "AI" })).value;
    const gm = callerWith({ campaign_id: campaign.id });
    const session = (await startSession(environment, gm, {})).value;
    const long = `dragon ${'ä"'.repeat(1996)}`;
    for (let count = 0; count < 20; count++) {
      await addSessionNote(environment, gm, { session_id: session.id, text: long });
    }
    const seen: SessionEvent[] = [];
    let cursor: string | undefined;
    do {
      const page = await searchSessionLog(environment, gm, { query: "dragon", limit: 100, cursor });
      expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(65_536);
      expect(page.events.length).toBeGreaterThan(0);
      seen.push(...page.events);
      cursor = page.next_cursor ?? undefined;
    } while (cursor !== undefined);
    expect(seen.map((event) => event.seq)).toEqual(
      Array.from({ length: 20 }, (_, index) => 21 - index),
    );
  });

  it("reads search syntax as spaces and operators as words, answering hostile queries without an error", async () => {
    const t = await table();
    const queries = [
      '"duke" favour',
      "duke* (favour)",
      "-duke ^favour",
      "words:duke favour)",
      '"""duke"" favour\'',
      '"duke" AND favour',
      "duke NEAR(favour, 2)",
      "duke OR NOT favour",
    ];
    for (const query of queries) {
      const asWords = query.replace(/[^\p{L}\p{N}]+/gu, " ");
      expect(await search(t, t.gm, { query })).toEqual(await search(t, t.gm, { query: asWords }));
    }
    expect(described((await search(t, t.gm, { query: "-duke ^favour" })).events)).toEqual([
      `${t.second.id}#5 NOTE_ADDED`,
    ]);
    expect((await search(t, t.gm, { query: "duke AND favour" })).events).toEqual([]);
    await addSessionNote(t.environment, t.gm, {
      session_id: t.second.id,
      text: "Thorin and the duke, near the gate",
    });
    expect((await search(t, t.gm, { query: "duke AND near" })).events).toHaveLength(1);
    expect(await failure(() => search(t, t.gm, { query: '"*^:()-' }))).toEqual({
      code: "INVALID_ARGUMENT",
      message: "query has no letters or digits to search for",
    });
  });
});
