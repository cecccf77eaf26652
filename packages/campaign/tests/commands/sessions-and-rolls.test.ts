import { describe, expect, it } from "vitest";
import { addSessionNote } from "../../src/commands/add-session-note.js";
import { adjustGmFear } from "../../src/commands/adjust-gm-fear.js";
import { applyOutcomeOfRoll } from "../../src/commands/apply-roll-outcome.js";
import { CommandFailure } from "../../src/commands/command-failure.js";
import { createCampaign } from "../../src/commands/create-campaign.js";
import { createCharacter } from "../../src/commands/create-character.js";
import { endSession } from "../../src/commands/end-session.js";
import { patchCharacterState } from "../../src/commands/patch-character-state.js";
import { rollActionInSession } from "../../src/commands/roll-action.js";
import { startSession } from "../../src/commands/start-session.js";
import { CampaignError } from "../../src/domain/campaign-error.js";
import { callerWith, eventsOf, testEnvironment } from "./test-environment.js";

async function setUp(dice: number[] = []) {
  const environment = await testEnvironment(dice);
  const campaign = (await createCampaign(environment, { name: "C", gm_mode: "HUMAN" })).value;
  const setup = callerWith({ campaign_id: campaign.id });
  const hero = (
    await createCharacter(environment, setup, {
      name: "A",
      kind: "PC",
      profile: { traits: { agility: 2, strength: -1 } },
    })
  ).value;
  const session = (await startSession(environment, setup, {})).value;
  const caller = callerWith({ campaign_id: campaign.id, session_id: session.id });
  return { environment, campaign, hero, session, caller };
}

async function failure(
  action: () => Promise<unknown>,
): Promise<{ code: string; message: string; uris?: string[] }> {
  try {
    await action();
  } catch (error) {
    if (error instanceof CampaignError) return { code: error.code, message: error.message };
    if (error instanceof CommandFailure) {
      return { code: error.error.code, message: error.error.message, uris: [...error.changedUris] };
    }
    throw error;
  }
  throw new Error("expected a refusal");
}

function payload(json: string | undefined): unknown {
  return JSON.parse(json ?? "null");
}

describe("session_start and session_end", () => {
  it("refuses a second active session, naming the active one", async () => {
    const { environment, session, caller } = await setUp();
    expect(await failure(() => startSession(environment, caller, {}))).toEqual({
      code: "FAILED_PRECONDITION",
      message: `active session exists: ${session.id}`,
    });
  });

  it("ends a session once, logging SESSION_ENDED last, and then changes nothing", async () => {
    const { environment, session, caller } = await setUp();
    const ended = await endSession(environment, caller, {});
    expect(ended.value.status).toBe("ENDED");
    expect(ended.value.ended_at).toBe(ended.value.updated_at);
    const again = await endSession(environment, caller, {});
    expect(again).toEqual({ value: ended.value, changedUris: [] });
    expect((await eventsOf(environment, session.id)).map((event) => event.type)).toEqual([
      "SESSION_STARTED",
      "SESSION_ENDED",
    ]);
  });

  it("treats a session of another campaign as not found", async () => {
    const { environment, session } = await setUp();
    const other = (await createCampaign(environment, { name: "O", gm_mode: "HUMAN" })).value;
    expect(
      await failure(() =>
        endSession(environment, callerWith(), { campaign_id: other.id, session_id: session.id }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "session not found" });
  });

  it("asks for a session when neither the argument nor the context gives one", async () => {
    const { environment, campaign } = await setUp();
    expect(
      await failure(() => endSession(environment, callerWith({ campaign_id: campaign.id }), {})),
    ).toEqual({
      code: "INVALID_ARGUMENT",
      message: "session_id is required: pass it or call set_context",
    });
  });
});

describe("session_action_roll", () => {
  it("adds the trait, the modifiers and the advantage die to the dice", async () => {
    const { environment, hero, caller } = await setUp([3, 9, 4]);
    const { value } = await rollActionInSession(environment, caller, {
      character_id: hero.id,
      trait: " STRENGTH ",
      difficulty: 15,
      modifiers: [
        { source: "a", value: 3 },
        { source: "b", value: -1 },
      ],
      advantage: 2,
      disadvantage: 1,
    });
    expect(value).toEqual({
      roll_seq: 3,
      hope_die: 3,
      fear_die: 9,
      advantage_die: 4,
      total: 3 + 9 - 1 + 3 - 1 + 4,
      difficulty: 15,
      success: true,
      flavor: "FEAR",
      crit: false,
    });
  });

  it("subtracts the disadvantage die and draws none when both sides cancel", async () => {
    const { environment, hero, caller } = await setUp([10, 2, 5, 1, 1]);
    const withDisadvantage = (
      await rollActionInSession(environment, caller, {
        character_id: hero.id,
        trait: "agility",
        difficulty: 10,
        disadvantage: 1,
      })
    ).value;
    expect(withDisadvantage).toMatchObject({ disadvantage_die: 5, total: 10 + 2 + 2 - 5 });
    expect(withDisadvantage.success).toBe(false);
    const cancelled = (
      await rollActionInSession(environment, caller, {
        character_id: hero.id,
        trait: "agility",
        difficulty: 30,
        advantage: 1,
        disadvantage: 1,
      })
    ).value;
    expect(cancelled).toEqual({
      roll_seq: 5,
      hope_die: 1,
      fear_die: 1,
      total: 4,
      difficulty: 30,
      success: true,
      flavor: "HOPE",
      crit: true,
    });
  });

  it("refuses an unknown character and logs REQUEST_REJECTED for it", async () => {
    const { environment, session, caller } = await setUp();
    const refusal = await failure(() =>
      rollActionInSession(environment, caller, {
        character_id: "char_ghost",
        trait: "agility",
        difficulty: 10,
      }),
    );
    expect(refusal).toEqual({
      code: "NOT_FOUND",
      message: "character not found",
      uris: [`session://${session.id}/events`],
    });
    const [, rejected] = await eventsOf(environment, session.id);
    expect(rejected?.type).toBe("REQUEST_REJECTED");
    expect(rejected?.character_id).toBe("char_ghost");
    expect(payload(rejected?.payload_json)).toEqual({
      tool: "session_action_roll",
      reason_code: "NOT_FOUND",
      message: "character not found",
    });
  });

  it("lists the known traits, sorted, for an unknown one", async () => {
    const { environment, hero, caller } = await setUp();
    expect(
      (
        await failure(() =>
          rollActionInSession(environment, caller, {
            character_id: hero.id,
            trait: "Charm",
            difficulty: 10,
          }),
        )
      ).message,
    ).toBe("unknown trait: charm (known: agility, strength)");
  });

  it("says (known: none) for a character without traits", async () => {
    const { environment, caller } = await setUp();
    const blank = (
      await createCharacter(environment, caller, {
        name: "Blank",
        kind: "NPC",
        profile: { traits: {} },
      })
    ).value;
    expect(
      (
        await failure(() =>
          rollActionInSession(environment, caller, {
            character_id: blank.id,
            trait: "agility",
            difficulty: 10,
          }),
        )
      ).message,
    ).toBe("unknown trait: agility (known: none)");
  });

  it("refuses an ended session without logging anything", async () => {
    const { environment, hero, session, caller } = await setUp();
    await endSession(environment, caller, {});
    expect(
      await failure(() =>
        rollActionInSession(environment, caller, {
          character_id: hero.id,
          trait: "agility",
          difficulty: 10,
        }),
      ),
    ).toEqual({ code: "FAILED_PRECONDITION", message: "session is not active" });
    expect(await eventsOf(environment, session.id)).toHaveLength(2);
  });
});

describe("session_roll_outcome_apply", () => {
  async function rolled(dice: number[]) {
    const context = await setUp(dice);
    const roll = (
      await rollActionInSession(context.environment, context.caller, {
        character_id: context.hero.id,
        trait: "agility",
        difficulty: 10,
      })
    ).value;
    return { ...context, roll };
  }

  it("refuses a seq that names no event, logging ROLL_NOT_FOUND without a character", async () => {
    const { environment, session, caller } = await rolled([8, 5]);
    expect(
      await failure(() => applyOutcomeOfRoll(environment, caller, { roll_seq: 99 })),
    ).toMatchObject({
      code: "NOT_FOUND",
      message: "roll not found",
    });
    const rejected = (await eventsOf(environment, session.id)).at(-1);
    expect(rejected?.character_id).toBeUndefined();
    expect(payload(rejected?.payload_json)).toEqual({
      roll_seq: 99,
      reason_code: "ROLL_NOT_FOUND",
      message: "roll not found",
    });
  });

  it("refuses a target of another campaign, naming it, and changes no state", async () => {
    const { environment, hero, session, caller, roll } = await rolled([8, 5]);
    const other = (await createCampaign(environment, { name: "O", gm_mode: "HUMAN" })).value;
    const stranger = (
      await createCharacter(environment, callerWith({ campaign_id: other.id }), {
        name: "S",
        kind: "PC",
      })
    ).value;
    expect(
      await failure(() =>
        applyOutcomeOfRoll(environment, caller, {
          roll_seq: roll.roll_seq,
          targets: [hero.id, stranger.id],
        }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", message: `character not found: ${stranger.id}` });
    const rejected = (await eventsOf(environment, session.id)).at(-1);
    expect(rejected?.character_id).toBe(hero.id);
    expect(payload(rejected?.payload_json)).toMatchObject({ reason_code: "CHARACTER_NOT_FOUND" });
    const sheet = await environment.store.read((repository) => repository.getSheet(hero.id));
    expect(sheet?.state.hope).toBe(2);
  });

  it("gives the GM one Fear per distinct target of a Tag Team roll with Fear", async () => {
    const { environment, campaign, hero, caller, roll } = await rolled([2, 7]);
    const partner = (await createCharacter(environment, caller, { name: "B", kind: "PC" })).value;
    const { value } = await applyOutcomeOfRoll(environment, caller, {
      roll_seq: roll.roll_seq,
      targets: [partner.id, hero.id, partner.id],
    });
    expect(value.updated.gm_fear).toBe(2);
    expect(value.requires_complication).toBe(true);
    expect(value.updated.character_states.map((state) => state.character_id)).toEqual([
      partner.id,
      hero.id,
    ]);
    const stored = await environment.store.read((repository) =>
      repository.getCampaign(campaign.id),
    );
    expect(stored?.gm_fear).toBe(2);
  });

  it("clamps Fear at 12 and Hope at 6, recording only real changes", async () => {
    const { environment, hero, session, caller } = await setUp([2, 7, 9, 4]);
    await adjustGmFear(environment, caller, { delta: 12 });
    await patchCharacterState(environment, caller, { character_id: hero.id, hope: 6 });
    const roll = async (difficulty: number) =>
      (
        await rollActionInSession(environment, caller, {
          character_id: hero.id,
          trait: "agility",
          difficulty,
        })
      ).value.roll_seq;
    const fearRoll = await roll(5);
    const hopeRoll = await roll(5);
    expect(
      (await applyOutcomeOfRoll(environment, caller, { roll_seq: fearRoll })).value.updated,
    ).toEqual({
      character_states: [{ character_id: hero.id, hope: 6, stress: 0, hp: 6, conditions: [] }],
      gm_fear: 12,
    });
    const hopeResult = await applyOutcomeOfRoll(environment, caller, { roll_seq: hopeRoll });
    expect(hopeResult.value.updated).toEqual({
      character_states: [{ character_id: hero.id, hope: 6, stress: 0, hp: 6, conditions: [] }],
    });
    expect(hopeResult.changedUris).toEqual([`session://${session.id}/events`]);
    const applied = (await eventsOf(environment, session.id)).filter(
      (event) => event.type === "OUTCOME_APPLIED",
    );
    expect(applied.map((event) => payload(event.payload_json))).toEqual([
      { roll_seq: fearRoll, targets: [hero.id], requires_complication: true, applied_changes: [] },
      { roll_seq: hopeRoll, targets: [hero.id], requires_complication: false, applied_changes: [] },
    ]);
  });

  it("refuses without a session and for an unknown or ended one, logging nothing", async () => {
    const { environment, campaign, session, caller, roll } = await rolled([8, 5]);
    expect(
      await failure(() =>
        applyOutcomeOfRoll(environment, callerWith({ campaign_id: campaign.id }), {
          roll_seq: roll.roll_seq,
        }),
      ),
    ).toEqual({
      code: "INVALID_ARGUMENT",
      message: "session_id is required: pass it or call set_context",
    });
    expect(
      await failure(() =>
        applyOutcomeOfRoll(environment, caller, { session_id: "sess_x", roll_seq: roll.roll_seq }),
      ),
    ).toEqual({ code: "NOT_FOUND", message: "session not found" });
    await endSession(environment, caller, {});
    expect(
      await failure(() => applyOutcomeOfRoll(environment, caller, { roll_seq: roll.roll_seq })),
    ).toEqual({ code: "FAILED_PRECONDITION", message: "session is not active" });
    expect((await eventsOf(environment, session.id)).at(-1)?.type).toBe("SESSION_ENDED");
  });
});

describe("session_note_add", () => {
  it("appends a note and reports its place in the log", async () => {
    const { environment, session, caller } = await setUp();
    const { value } = await addSessionNote(environment, caller, { text: "The bridge collapses" });
    expect(value).toEqual({ session_id: session.id, seq: 2, ts: "2025-01-15T10:00:00.003Z" });
  });

  it("refuses an unknown or ended session", async () => {
    const { environment, caller } = await setUp();
    expect(
      await failure(() => addSessionNote(environment, caller, { session_id: "sess_x", text: "t" })),
    ).toEqual({ code: "NOT_FOUND", message: "session not found" });
    await endSession(environment, caller, {});
    expect(await failure(() => addSessionNote(environment, caller, { text: "t" }))).toEqual({
      code: "FAILED_PRECONDITION",
      message: "session is not active",
    });
  });
});

describe("gm_fear_adjust", () => {
  it("spends Fear only when the GM has it", async () => {
    const { environment, caller } = await setUp();
    await adjustGmFear(environment, caller, { delta: 3 });
    expect(await failure(() => adjustGmFear(environment, caller, { delta: -4 }))).toEqual({
      code: "FAILED_PRECONDITION",
      message: "insufficient gm fear: have 3, need 4",
    });
    expect((await adjustGmFear(environment, caller, { delta: -2 })).value).toMatchObject({
      gm_fear_before: 3,
      gm_fear: 1,
    });
  });

  it("logs the change with its reason and ignores a gain at 12", async () => {
    const { environment, session, caller } = await setUp();
    await adjustGmFear(environment, caller, { delta: 12, reason: "long rest" });
    const atMax = await adjustGmFear(environment, caller, { delta: 1 });
    expect(atMax).toEqual({
      value: { campaign_id: caller.context.campaign_id, gm_fear_before: 12, gm_fear: 12 },
      changedUris: [],
    });
    const events = await eventsOf(environment, session.id);
    expect(events.map((event) => event.type)).toEqual(["SESSION_STARTED", "GM_FEAR_CHANGED"]);
    expect(payload(events[1]?.payload_json)).toEqual({
      campaign_id: caller.context.campaign_id,
      before: 0,
      after: 12,
      delta: 12,
      reason: "long rest",
    });
  });
});
