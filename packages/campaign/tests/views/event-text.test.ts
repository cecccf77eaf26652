// docs/views.md: the session log view tells every event in words; a type it cannot tell would
// show as its raw name.
import { describe, expect, it } from "vitest";
import { SESSION_EVENT_TYPES } from "../../src/domain/records.js";
import { tellEvent } from "../../src/views/session/event-text.js";

describe("the session log view's sentences", () => {
  it("has words for every event type the server logs", () => {
    const untold = SESSION_EVENT_TYPES.filter(
      (type) => tellEvent(type, {}, (id) => id).text === type,
    );
    expect(untold).toEqual([]);
  });

  it("tells an adversary's attack with its d20, bonus, total and result", () => {
    const told = (payload: Record<string, unknown>) =>
      tellEvent("ADVERSARY_ATTACK_ROLLED", payload, (id) => id);
    const base = {
      instance_name: "Bog Marshal 1",
      target_name: "Ash",
      d20: 20,
      modifier: 3,
      experience_bonus: 2,
      total: 25,
      evasion: 10,
      hit: true,
      critical: true,
      damage: 17,
    };
    expect(told(base)).toEqual({
      kind: "roll",
      text: "Bog Marshal 1 attacked Ash: d20 20 + 3 + 2 = 25 against Evasion 10, a critical hit for 17 damage",
    });
    expect(
      told({ ...base, d20: 4, experience_bonus: 0, total: 7, hit: false, critical: false }).text,
    ).toBe("Bog Marshal 1 attacked Ash: d20 4 + 3 = 7 against Evasion 10, a miss");
  });
});
