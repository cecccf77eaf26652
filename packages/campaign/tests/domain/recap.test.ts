import { describe, expect, it } from "vitest";
import { recapOf } from "../../src/domain/recap.js";
import type { SessionEvent, SessionEventType } from "../../src/domain/records.js";

let seq = 0;
function event(type: SessionEventType, payload: object, extra: Partial<SessionEvent> = {}) {
  seq += 1;
  return {
    session_id: "sess_1",
    seq,
    ts: "2025-01-15T10:00:00.000Z",
    type,
    request_id: "1",
    invocation_id: "inv_1",
    actor: "local",
    payload_json: JSON.stringify(payload),
    ...extra,
  } as SessionEvent;
}

describe("recapOf (docs/campaign.md §4.36)", () => {
  it("sums each character's changes and the Fear from outcomes, patches and spends", () => {
    const events = [
      event("ACTION_ROLL_RESOLVED", {
        character_id: "char_a",
        trait: "agility",
        total: 14,
        difficulty: 12,
        success: true,
        flavor: "HOPE",
        crit: false,
      }),
      // With Hope: +1 Hope for char_a.
      event("OUTCOME_APPLIED", {
        roll_seq: 1,
        applied_changes: [{ character_id: "char_a", field: "hope", before: 2, after: 3 }],
      }),
      event("ACTION_ROLL_RESOLVED", {
        character_id: "char_a",
        trait: "finesse",
        total: 6,
        difficulty: 12,
        success: false,
        flavor: "FEAR",
        crit: false,
      }),
      // Never applied: the roll stays unapplied. A patch: -2 Hope, +3 Stress, 4 HP left of 6.
      event("CHARACTER_STATE_PATCHED", {
        character_id: "char_a",
        before: { hope: 3, stress: 0, hp: 6 },
        after: { hope: 1, stress: 3, hp: 4 },
      }),
      // With Fear on another roll: the GM gains 1.
      event("OUTCOME_APPLIED", {
        roll_seq: 99,
        applied_changes: [{ field: "gm_fear", before: 0, after: 1 }],
      }),
      event("GM_FEAR_CHANGED", { delta: 4, reason: "" }),
      event("GM_FEAR_CHANGED", { delta: -2, reason: "interrupt" }),
      event("GM_FEAR_SPENT", { spent: 1, reason: "feature" }),
      event("DAMAGE_APPLIED", { hp_marked: 2 }, { character_id: "char_b" }),
      event("ENCOUNTER_STARTED", { encounter_id: "enc_1", name: "Ford" }),
      event("ENCOUNTER_ENDED", {
        encounter_id: "enc_1",
        name: "Ford",
        outcome: "won",
        defeated: ["Wisp 1"],
        standing: [],
      }),
      event("COUNTDOWN_TICKED", { countdown_id: "cd_1", name: "Dawn", triggered: true }),
      event("COUNTDOWN_TICKED", { countdown_id: "cd_1", name: "Dawn", triggered: false }),
      event("NOTE_ADDED", { text: "secret" }, { gm_only: true }),
    ];
    const recap = recapOf(events);
    expect(recap.rolls.map((roll) => [roll.seq, roll.applied])).toEqual([
      [1, true],
      [3, false],
    ]);
    expect(recap.characters).toEqual([
      {
        character_id: "char_a",
        hope_gained: 1,
        hope_spent: 2,
        stress_marked: 3,
        stress_cleared: 0,
        hp_marked: 2,
        hp_cleared: 0,
      },
      {
        character_id: "char_b",
        hope_gained: 0,
        hope_spent: 0,
        stress_marked: 0,
        stress_cleared: 0,
        hp_marked: 2,
        hp_cleared: 0,
      },
    ]);
    // Gained 1 + 4; spent 2 + 1.
    expect(recap.fear).toEqual({
      gained: 5,
      spent: 3,
      spends: [
        { seq: 7, amount: 2, reason: "interrupt" },
        { seq: 8, amount: 1, reason: "feature" },
      ],
    });
    expect(recap.encounters).toEqual([
      {
        encounter_id: "enc_1",
        name: "Ford",
        state: "ENDED",
        outcome: "won",
        defeated: ["Wisp 1"],
        standing: [],
      },
    ]);
    expect(recap.countdowns_triggered).toEqual([{ seq: 12, countdown_id: "cd_1", name: "Dawn" }]);
    expect(recap.notes).toEqual([{ seq: 14, text: "secret", gm_only: true }]);
  });
});
