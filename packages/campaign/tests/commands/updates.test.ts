import { describe, expect, it } from "vitest";
import { createCampaign } from "../../src/commands/create-campaign.js";
import { createCharacter } from "../../src/commands/create-character.js";
import { createParticipant } from "../../src/commands/create-participant.js";
import { setCharacterControl } from "../../src/commands/set-character-control.js";
import { startSession } from "../../src/commands/start-session.js";
import { updateCampaign } from "../../src/commands/update-campaign.js";
import { updateCharacter } from "../../src/commands/update-character.js";
import { updateParticipant } from "../../src/commands/update-participant.js";
import { CampaignError } from "../../src/domain/campaign-error.js";
import { callerWith, eventsOf, testEnvironment } from "./test-environment.js";

const PLAYER = { subject: "player-sub" };
const OTHER_PLAYER = { subject: "other-sub" };
const STRANGER = { subject: "stranger-sub" };

/** A campaign of the process owner with two player seats, each linked to a user. */
async function setUp() {
  const environment = await testEnvironment();
  const campaign = (await createCampaign(environment, { name: "C", gm_mode: "HUMAN" })).value;
  const gm = callerWith({ campaign_id: campaign.id });
  const seat = async (user: string) =>
    (await createParticipant(environment, gm, { display_name: user, role: "PLAYER", user })).value;
  const playerSeat = await seat(PLAYER.subject);
  const otherSeat = await seat(OTHER_PLAYER.subject);
  const player = callerWith({ campaign_id: campaign.id }, PLAYER);
  return { environment, campaign, gm, player, playerSeat, otherSeat };
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

function payloadsOf(events: readonly { type: string; payload_json: string }[], type: string) {
  return events
    .filter((event) => event.type === type)
    .map((event) => JSON.parse(event.payload_json));
}

describe("campaign_update", () => {
  it("renames the campaign and changes its theme, touching updated_at, logged in the active session", async () => {
    const { environment, campaign, gm } = await setUp();
    const renamed = await updateCampaign(environment, gm, { name: "The Lost Expedition" });
    expect(renamed.value).toEqual({
      ...campaign,
      name: "The Lost Expedition",
      participant_count: 2,
      updated_at: renamed.value.updated_at,
    });
    expect(renamed.value.updated_at > campaign.updated_at).toBe(true);
    expect(renamed.changedUris).toEqual(["campaigns://list", `campaign://${campaign.id}`]);

    const session = (await startSession(environment, gm, {})).value;
    const themed = await updateCampaign(environment, gm, { theme_prompt: "A cursed forest" });
    expect(themed.value).toMatchObject({
      name: "The Lost Expedition",
      theme_prompt: "A cursed forest",
    });
    expect(themed.changedUris).toEqual([
      "campaigns://list",
      `campaign://${campaign.id}`,
      `session://${session.id}/events`,
    ]);
    const events = await eventsOf(environment, session.id);
    expect(payloadsOf(events, "CAMPAIGN_UPDATED")).toEqual([
      {
        campaign_id: campaign.id,
        before: { name: "The Lost Expedition", theme_prompt: "" },
        after: { name: "The Lost Expedition", theme_prompt: "A cursed forest" },
      },
    ]);
    const stored = await environment.store.read((repository) =>
      repository.getCampaign(campaign.id),
    );
    expect(stored).toEqual(themed.value);
  });

  it("changes nothing, logs nothing and announces nothing for the values it already has", async () => {
    const { environment, campaign, gm } = await setUp();
    const session = (await startSession(environment, gm, {})).value;
    const before = await environment.store.read((repository) =>
      repository.getCampaign(campaign.id),
    );
    const same = await updateCampaign(environment, gm, { name: "C", theme_prompt: "" });
    expect(same).toEqual({ value: before, changedUris: [] });
    expect((await eventsOf(environment, session.id)).map((event) => event.type)).toEqual([
      "SESSION_STARTED",
    ]);
  });

  it("is the GM's alone: a player is refused, a stranger finds no campaign, nothing changes", async () => {
    const { environment, campaign, player } = await setUp();
    expect(await failure(() => updateCampaign(environment, player, { name: "Mine" }))).toEqual({
      code: "PERMISSION_DENIED",
      message: "only the GM may change the campaign",
    });
    const stranger = callerWith({ campaign_id: campaign.id }, STRANGER);
    expect(await failure(() => updateCampaign(environment, stranger, { name: "Mine" }))).toEqual({
      code: "NOT_FOUND",
      message: "campaign not found",
    });
    const stored = await environment.store.read((repository) =>
      repository.getCampaign(campaign.id),
    );
    expect(stored?.name).toBe("C");
  });
});

describe("participant_update", () => {
  it("lets the GM rename any seat and a player their own, logging before and after", async () => {
    const { environment, campaign, gm, player, playerSeat, otherSeat } = await setUp();
    const session = (await startSession(environment, gm, {})).value;
    const byGm = await updateParticipant(environment, gm, {
      participant_id: otherSeat.id,
      display_name: "Olive",
    });
    expect(byGm.value).toEqual({
      ...otherSeat,
      display_name: "Olive",
      updated_at: byGm.value.updated_at,
    });
    expect(byGm.changedUris).toEqual([
      `campaign://${campaign.id}/participants`,
      `session://${session.id}/events`,
    ]);
    const own = await updateParticipant(environment, player, {
      participant_id: playerSeat.id,
      display_name: "Pat",
    });
    expect(own.value.display_name).toBe("Pat");
    const events = await eventsOf(environment, session.id);
    expect(payloadsOf(events, "PARTICIPANT_UPDATED")).toEqual([
      {
        participant_id: otherSeat.id,
        before: { display_name: OTHER_PLAYER.subject },
        after: { display_name: "Olive" },
      },
      {
        participant_id: playerSeat.id,
        before: { display_name: PLAYER.subject },
        after: { display_name: "Pat" },
      },
    ]);
    expect(events.at(-1)).toMatchObject({ actor: PLAYER.subject });
    expect(events.at(-1)).not.toHaveProperty("character_id");
  });

  it("refuses a player another seat, and a seat of another campaign to anyone", async () => {
    const { environment, gm, player, otherSeat } = await setUp();
    expect(
      await failure(() =>
        updateParticipant(environment, player, {
          participant_id: otherSeat.id,
          display_name: "Mallory",
        }),
      ),
    ).toEqual({ code: "PERMISSION_DENIED", message: "you may change only your own seat" });
    const elsewhere = (await createCampaign(environment, { name: "E", gm_mode: "AI" })).value;
    const foreign = (
      await createParticipant(environment, gm, {
        campaign_id: elsewhere.id,
        display_name: "F",
        role: "PLAYER",
      })
    ).value;
    for (const participantId of [foreign.id, "part_none"]) {
      expect(
        await failure(() =>
          updateParticipant(environment, gm, { participant_id: participantId, display_name: "X" }),
        ),
      ).toEqual({ code: "NOT_FOUND", message: "participant not found" });
    }
    const stored = await environment.store.read((repository) =>
      repository.getParticipant(otherSeat.id),
    );
    expect(stored).toEqual(otherSeat);
  });
});

describe("character_update", () => {
  async function withCharacters() {
    const table = await setUp();
    const { environment, gm, player } = table;
    const own = (await createCharacter(environment, player, { name: "Pip", kind: "PC" })).value;
    const spy = (
      await createCharacter(environment, gm, {
        name: "Vex",
        kind: "NPC",
        notes: "Secretly the duke's spy",
        notes_gm_only: true,
      })
    ).value;
    return { ...table, own, spy };
  }

  it("renames and re-notes a character, keeping its key order, logged in the active session", async () => {
    const { environment, campaign, gm, player, own } = await withCharacters();
    const session = (await startSession(environment, gm, {})).value;
    const updated = await updateCharacter(environment, player, {
      character_id: own.id,
      name: "Pippin",
      notes: "Halfling bard",
    });
    expect(updated.value).toEqual({
      ...own,
      name: "Pippin",
      notes: "Halfling bard",
      updated_at: updated.value.updated_at,
    });
    expect(Object.keys(updated.value)).toEqual(Object.keys(own));
    expect(updated.changedUris).toEqual([
      `campaign://${campaign.id}/characters`,
      `session://${session.id}/events`,
    ]);
    const events = await eventsOf(environment, session.id);
    expect(events.at(-1)).toMatchObject({ type: "CHARACTER_UPDATED", character_id: own.id });
    expect(payloadsOf(events, "CHARACTER_UPDATED")).toEqual([
      {
        character_id: own.id,
        before: { name: "Pip", notes: "", notes_gm_only: false },
        after: { name: "Pippin", notes: "Halfling bard", notes_gm_only: false },
      },
    ]);
  });

  it("lets the GM keep an NPC's notes from the players and show them again, logging no secret", async () => {
    const { environment, gm, spy } = await withCharacters();
    const session = (await startSession(environment, gm, {})).value;
    const renoted = await updateCharacter(environment, gm, {
      character_id: spy.id,
      notes: "Secretly the baron's spy",
    });
    expect(renoted.value).toMatchObject({ notes: "Secretly the baron's spy", notes_gm_only: true });
    const shown = await updateCharacter(environment, gm, {
      character_id: spy.id,
      notes_gm_only: false,
    });
    expect(shown.value).not.toHaveProperty("notes_gm_only");
    const stored = await environment.store.read((repository) => repository.getCharacter(spy.id));
    expect(stored).toEqual(shown.value);
    const hidden = await updateCharacter(environment, gm, {
      character_id: spy.id,
      notes_gm_only: true,
    });
    expect(Object.keys(hidden.value)).toEqual(Object.keys(spy));
    const events = await eventsOf(environment, session.id);
    expect(payloadsOf(events, "CHARACTER_UPDATED")).toEqual([
      {
        character_id: spy.id,
        before: { name: "Vex", notes: "", notes_gm_only: true },
        after: { name: "Vex", notes: "", notes_gm_only: true },
      },
      {
        character_id: spy.id,
        before: { name: "Vex", notes: "", notes_gm_only: true },
        after: { name: "Vex", notes: "Secretly the baron's spy", notes_gm_only: false },
      },
      {
        character_id: spy.id,
        before: { name: "Vex", notes: "Secretly the baron's spy", notes_gm_only: false },
        after: { name: "Vex", notes: "", notes_gm_only: true },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain("duke");
  });

  it("keeps the player to the characters their seat controls and away from notes kept from them", async () => {
    const { environment, gm, player, playerSeat, own, spy } = await withCharacters();
    const gmCharacter = (await createCharacter(environment, gm, { name: "Gwen", kind: "PC" }))
      .value;
    const denied = (message: string) => ({ code: "PERMISSION_DENIED", message });
    expect(
      await failure(() =>
        updateCharacter(environment, player, { character_id: gmCharacter.id, name: "Mine" }),
      ),
    ).toEqual(denied("you may change only characters controlled by your seat"));
    expect(
      await failure(() =>
        updateCharacter(environment, player, { character_id: own.id, notes_gm_only: false }),
      ),
    ).toEqual(
      denied("only the GM may choose whether a character's notes are kept from the players"),
    );
    await setCharacterControl(environment, gm, { character_id: spy.id, controller: playerSeat.id });
    const renamed = await updateCharacter(environment, player, {
      character_id: spy.id,
      name: "Vexa",
    });
    expect(renamed.value).toMatchObject({ name: "Vexa", notes: "", notes_gm_only: true });
    expect(
      await failure(() =>
        updateCharacter(environment, player, { character_id: spy.id, notes: "Harmless" }),
      ),
    ).toEqual(denied("only the GM may change notes kept from the players"));
    const stored = await environment.store.read((repository) => repository.getCharacter(spy.id));
    expect(stored).toMatchObject({ name: "Vexa", notes: "Secretly the duke's spy" });
  });

  it("refuses GM-only notes on a PC, an unknown character, and writes nothing for the same values", async () => {
    const { environment, gm, own } = await withCharacters();
    expect(
      await failure(() =>
        updateCharacter(environment, gm, { character_id: own.id, notes_gm_only: true }),
      ),
    ).toEqual({
      code: "INVALID_ARGUMENT",
      message: "only an NPC's notes can be kept from the players; the character is a PC",
    });
    expect(
      await failure(() =>
        updateCharacter(environment, gm, { character_id: "char_none", name: "X" }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "character not found" });
    const same = await updateCharacter(environment, gm, {
      character_id: own.id,
      name: "Pip",
      notes_gm_only: false,
    });
    expect(same).toEqual({ value: own, changedUris: [] });
  });
});
