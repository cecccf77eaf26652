import { describe, expect, it } from "vitest";
import { createCampaign } from "../../src/commands/create-campaign.js";
import { createCharacter } from "../../src/commands/create-character.js";
import { createParticipant } from "../../src/commands/create-participant.js";
import { getCharacterSheet } from "../../src/commands/get-character-sheet.js";
import { patchCharacterProfile } from "../../src/commands/patch-character-profile.js";
import { patchCharacterState } from "../../src/commands/patch-character-state.js";
import { setCharacterControl } from "../../src/commands/set-character-control.js";
import { checkContext } from "../../src/commands/set-context.js";
import { startSession } from "../../src/commands/start-session.js";
import { CampaignError } from "../../src/domain/campaign-error.js";
import { callerWith, eventsOf, testEnvironment } from "./test-environment.js";

async function setUp() {
  const environment = await testEnvironment();
  const campaign = (await createCampaign(environment, { name: "C", gm_mode: "HUMAN" })).value;
  const caller = callerWith({ campaign_id: campaign.id });
  return { environment, campaign, caller };
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

describe("campaign_create", () => {
  it("starts a campaign with no members, no Fear and an empty theme", async () => {
    const environment = await testEnvironment();
    const { value, changedUris } = await createCampaign(environment, { name: "X", gm_mode: "AI" });
    expect(value).toEqual({
      id: "camp_1",
      name: "X",
      gm_mode: "AI",
      participant_count: 0,
      character_count: 0,
      gm_fear: 0,
      theme_prompt: "",
      created_at: "2025-01-15T10:00:00.000Z",
      updated_at: "2025-01-15T10:00:00.000Z",
    });
    expect(Object.keys(value)).toEqual([
      "id",
      "name",
      "gm_mode",
      "participant_count",
      "character_count",
      "gm_fear",
      "theme_prompt",
      "created_at",
      "updated_at",
    ]);
    expect(changedUris).toEqual(["campaigns://list", "campaign://camp_1"]);
  });
});

describe("context defaults", () => {
  it("asks for a campaign when neither the argument nor the context gives one", async () => {
    const { environment } = await setUp();
    expect(
      await failure(() =>
        createParticipant(environment, callerWith(), { display_name: "P", role: "GM" }),
      ),
    ).toEqual({
      code: "INVALID_ARGUMENT",
      message: "campaign_id is required: pass it or call set_context",
    });
  });

  it("prefers the explicit campaign over the context's", async () => {
    const { environment, caller } = await setUp();
    expect(
      await failure(() =>
        createParticipant(environment, caller, {
          campaign_id: "camp_missing",
          display_name: "P",
          role: "GM",
        }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "campaign not found" });
  });
});

describe("set_context", () => {
  it("replaces the whole context, omitted fields becoming null", async () => {
    const { environment, campaign } = await setUp();
    expect(await checkContext(environment, { campaign_id: campaign.id })).toEqual({
      campaign_id: campaign.id,
      session_id: null,
      participant_id: null,
    });
  });

  it("names each wrong id in the spec's words", async () => {
    const { environment, campaign, caller } = await setUp();
    const other = (await createCampaign(environment, { name: "O", gm_mode: "HUMAN" })).value;
    const foreignSession = (
      await startSession(environment, callerWith(), { campaign_id: other.id })
    ).value;
    const foreignParticipant = (
      await createParticipant(environment, caller, {
        campaign_id: other.id,
        display_name: "F",
        role: "PLAYER",
      })
    ).value;
    const check = (input: Parameters<typeof checkContext>[1]) =>
      failure(() => checkContext(environment, input));
    expect(await check({ campaign_id: "camp_none" })).toEqual({
      code: "NOT_FOUND",
      message: "campaign not found",
    });
    expect(await check({ campaign_id: campaign.id, session_id: "sess_none" })).toEqual({
      code: "NOT_FOUND",
      message: "session not found",
    });
    expect(await check({ campaign_id: campaign.id, session_id: foreignSession.id })).toEqual({
      code: "INVALID_ARGUMENT",
      message: "session does not belong to campaign",
    });
    expect(await check({ campaign_id: campaign.id, participant_id: "part_none" })).toEqual({
      code: "NOT_FOUND",
      message: "participant not found",
    });
    expect(
      await check({ campaign_id: campaign.id, participant_id: foreignParticipant.id }),
    ).toEqual({
      code: "INVALID_ARGUMENT",
      message: "participant does not belong to campaign",
    });
  });
});

describe("participant_create", () => {
  it("defaults the controller to HUMAN and counts the participant", async () => {
    const { environment, campaign, caller } = await setUp();
    const participant = (
      await createParticipant(environment, caller, {
        display_name: "Alice",
        role: "PLAYER",
      })
    ).value;
    expect(participant.controller).toBe("HUMAN");
    const stored = await environment.store.read((repository) =>
      repository.getCampaign(campaign.id),
    );
    expect(stored?.participant_count).toBe(1);
    expect(stored?.updated_at).toBe(participant.created_at);
  });

  it("is logged only when the campaign has an active session", async () => {
    const { environment, caller } = await setUp();
    await createParticipant(environment, caller, { display_name: "Early", role: "GM" });
    const session = (await startSession(environment, caller, {})).value;
    const { changedUris, value } = await createParticipant(environment, caller, {
      display_name: "Late",
      role: "PLAYER",
      controller: "AI",
    });
    const events = await eventsOf(environment, session.id);
    expect(events.map((event) => event.type)).toEqual(["SESSION_STARTED", "PARTICIPANT_CREATED"]);
    expect(JSON.parse(events[1]?.payload_json ?? "")).toEqual({ participant: value });
    expect(events[1]?.character_id).toBeUndefined();
    expect(changedUris).toContain(`session://${session.id}/events`);
  });
});

describe("character_create", () => {
  it("gives a PC the SRD defaults: six traits at 0, Hope 2 and every HP", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "Thorin", kind: "PC" }))
      .value;
    expect(character.controller).toBeNull();
    const sheet = await getCharacterSheet(environment, caller, { character_id: character.id });
    expect(sheet.profile).toEqual({
      character_id: character.id,
      traits: { agility: 0, strength: 0, finesse: 0, instinct: 0, presence: 0, knowledge: 0 },
      hp_max: 6,
      stress_max: 6,
      evasion: 10,
      major_threshold: 8,
      severe_threshold: 12,
    });
    expect(sheet.state).toEqual({
      character_id: character.id,
      hope: 2,
      stress: 0,
      hp: 6,
      conditions: [],
    });
  });

  it("gives an NPC no Hope and the NPC defaults, overlaid by a given profile", async () => {
    const { environment, caller } = await setUp();
    const character = (
      await createCharacter(environment, caller, {
        name: "Goblin",
        kind: "NPC",
        profile: { hp_max: 5, traits: { bravery: 1 } },
      })
    ).value;
    const sheet = await getCharacterSheet(environment, caller, { character_id: character.id });
    expect(sheet.profile).toMatchObject({
      traits: { bravery: 1 },
      hp_max: 5,
      stress_max: 3,
      evasion: 8,
      major_threshold: 6,
      severe_threshold: 10,
    });
    expect(sheet.state).toEqual({
      character_id: character.id,
      hope: 0,
      stress: 0,
      hp: 5,
      conditions: [],
    });
  });

  it("refuses thresholds out of order on the merged profile and writes nothing", async () => {
    const { environment, campaign, caller } = await setUp();
    expect(
      await failure(() =>
        createCharacter(environment, caller, {
          name: "Bad",
          kind: "PC",
          profile: { major_threshold: 13 },
        }),
      ),
    ).toEqual({ code: "INVALID_ARGUMENT", message: "severe_threshold must be >= major_threshold" });
    const stored = await environment.store.read((repository) =>
      repository.getCampaign(campaign.id),
    );
    expect(stored?.character_count).toBe(0);
  });
});

describe("character_control_set", () => {
  it("upper-cases GM and records the previous controller in the log", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    const session = (await startSession(environment, caller, {})).value;
    const result = await setCharacterControl(environment, caller, {
      character_id: character.id,
      controller: "gm",
    });
    expect(result.value.controller).toBe("GM");
    const [, logged] = await eventsOf(environment, session.id);
    expect(JSON.parse(logged?.payload_json ?? "")).toEqual({
      character_id: character.id,
      controller: "GM",
      previous_controller: null,
    });
  });

  it("refuses characters and participants that are absent or of another campaign", async () => {
    const { environment, caller } = await setUp();
    const other = (await createCampaign(environment, { name: "O", gm_mode: "HUMAN" })).value;
    const foreign = (
      await createCharacter(environment, caller, {
        campaign_id: other.id,
        name: "F",
        kind: "PC",
      })
    ).value;
    const foreignParticipant = (
      await createParticipant(environment, caller, {
        campaign_id: other.id,
        display_name: "P",
        role: "PLAYER",
      })
    ).value;
    const own = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    const set = (character_id: string, controller: string) =>
      failure(() => setCharacterControl(environment, caller, { character_id, controller }));
    expect(await set("char_none", "GM")).toEqual({
      code: "NOT_FOUND",
      message: "character not found",
    });
    expect(await set(foreign.id, "GM")).toEqual({
      code: "NOT_FOUND",
      message: "character not found",
    });
    expect(await set(own.id, "part_none")).toEqual({
      code: "NOT_FOUND",
      message: "participant not found",
    });
    expect(await set(own.id, foreignParticipant.id)).toEqual({
      code: "NOT_FOUND",
      message: "participant not found",
    });
  });
});

describe("character_profile_patch", () => {
  it("replaces the trait map whole and logs before and after", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    const session = (await startSession(environment, caller, {})).value;
    const { value } = await patchCharacterProfile(environment, caller, {
      character_id: character.id,
      traits: { agility: 2 },
    });
    expect(value.profile.traits).toEqual({ agility: 2 });
    const [, logged] = await eventsOf(environment, session.id);
    expect(logged?.type).toBe("CHARACTER_PROFILE_PATCHED");
    expect(logged?.character_id).toBe(character.id);
  });

  it("writes nothing when no field is given", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    const result = await patchCharacterProfile(environment, caller, { character_id: character.id });
    expect(result.changedUris).toEqual([]);
    const stored = await environment.store.read((repository) =>
      repository.getCharacter(character.id),
    );
    expect(stored?.updated_at).toBe(character.updated_at);
  });

  it("refuses maxima below the current state and thresholds out of order", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    await patchCharacterState(environment, caller, { character_id: character.id, stress: 4 });
    const patch = (fields: object) =>
      failure(() =>
        patchCharacterProfile(environment, caller, { character_id: character.id, ...fields }),
      );
    expect(await patch({ hp_max: 5 })).toEqual({
      code: "FAILED_PRECONDITION",
      message: "hp 6 exceeds hp_max 5; lower hp first",
    });
    expect(await patch({ stress_max: 3 })).toEqual({
      code: "FAILED_PRECONDITION",
      message: "stress 4 exceeds stress_max 3; lower stress first",
    });
    expect(await patch({ severe_threshold: 7 })).toEqual({
      code: "INVALID_ARGUMENT",
      message: "severe_threshold must be >= major_threshold",
    });
  });
});

describe("character_state_patch", () => {
  it("refuses values above the profile's maxima", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    const patch = (fields: object) =>
      failure(() =>
        patchCharacterState(environment, caller, { character_id: character.id, ...fields }),
      );
    expect(await patch({ stress: 7 })).toEqual({
      code: "INVALID_ARGUMENT",
      message: "stress 7 exceeds stress_max 6",
    });
    expect(await patch({ hp: 7 })).toEqual({
      code: "INVALID_ARGUMENT",
      message: "hp 7 exceeds hp_max 6",
    });
  });

  it("returns the current state without writing when no field is given", async () => {
    const { environment, caller } = await setUp();
    const character = (await createCharacter(environment, caller, { name: "A", kind: "PC" })).value;
    const result = await patchCharacterState(environment, caller, { character_id: character.id });
    expect(result).toEqual({
      value: { state: { character_id: character.id, hope: 2, stress: 0, hp: 6, conditions: [] } },
      changedUris: [],
    });
  });

  it("refuses an unknown character", async () => {
    const { environment, caller } = await setUp();
    expect(
      await failure(() =>
        patchCharacterState(environment, caller, { character_id: "char_x", hope: 1 }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "character not found" });
  });
});
