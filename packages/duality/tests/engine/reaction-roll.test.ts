import { describe, expect, it } from "vitest";
import { createRandomDieRoller } from "../../src/engine/die-roller.js";
import { evaluateReactionOutcome } from "../../src/engine/reaction-outcome.js";
import { rollReaction } from "../../src/engine/reaction-roll.js";
import { scriptDice } from "./scripted-dice.js";

describe("rollReaction", () => {
  it("draws Hope, Fear, then the disadvantage d6, and classifies with no Hope or Fear", () => {
    const dice = scriptDice([6, 9, 2]);
    expect(rollReaction({ difficulty: 12, modifier: 1, disadvantage: 1 }, dice.rollDie)).toEqual({
      hope: 6,
      fear: 9,
      modifier: 1,
      difficulty: 12,
      disadvantage_die: 2,
      total: 14,
      is_crit: false,
      success: true,
      outcome: "SUCCESS",
    });
    expect(dice.requestedSides).toEqual([12, 12, 6]);
  });

  it("replays the seed tabletop: Hope 10, Fear 7, disadvantage die 2", () => {
    // Same docs/dice.md §7 words as the action roll: 3899502165 mod 12 = 9, 2334157818 mod 12 = 6,
    // 2105672425 mod 6 = 1; the total is 10 + 7 - 2 = 15.
    const result = rollReaction(
      { difficulty: 15, disadvantage: 2 },
      createRandomDieRoller("tabletop"),
    );
    expect(result).toEqual({
      hope: 10,
      fear: 7,
      modifier: 0,
      difficulty: 15,
      disadvantage_die: 2,
      total: 15,
      is_crit: false,
      success: true,
      outcome: "SUCCESS",
    });
  });

  it("is reproduced by evaluateReactionOutcome on the rolled dice", () => {
    const rollDie = createRandomDieRoller("reaction replay");
    for (let index = 0; index < 200; index++) {
      const input = { difficulty: index % 25, modifier: (index % 7) - 3, advantage: index % 3 };
      const rolled = rollReaction(input, rollDie);
      const { hope, fear, advantage_die } = rolled;
      expect(evaluateReactionOutcome({ ...input, hope, fear, advantage_die })).toEqual(rolled);
    }
  });

  it("refuses a negative difficulty before drawing", () => {
    const dice = scriptDice([1, 1]);
    expect(() => rollReaction({ difficulty: -1 }, dice.rollDie)).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "difficulty" }),
    );
    expect(dice.requestedSides).toEqual([]);
  });
});
