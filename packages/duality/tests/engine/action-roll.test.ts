import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateActionOutcome } from "../../src/engine/action-outcome.js";
import { rollAction } from "../../src/engine/action-roll.js";
import { createRandomDieRoller } from "../../src/engine/die-roller.js";
import { scriptDice } from "./scripted-dice.js";

describe("rollAction", () => {
  it("draws Hope then Fear, with no d6 when there is no advantage", () => {
    const dice = scriptDice([8, 5]);
    expect(rollAction({ modifier: 2, difficulty: 15 }, dice.rollDie)).toEqual({
      hope: 8,
      fear: 5,
      modifier: 2,
      difficulty: 15,
      total: 15,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_HOPE",
    });
    expect(dice.requestedSides).toEqual([12, 12]);
  });

  it("draws one d6 after the d12s and adds it when advantage outnumbers disadvantage", () => {
    const dice = scriptDice([3, 9, 4]);
    const result = rollAction({ difficulty: 15, advantage: 3, disadvantage: 1 }, dice.rollDie);
    expect(dice.requestedSides).toEqual([12, 12, 6]);
    expect(result.advantage_die).toBe(4);
    expect("disadvantage_die" in result).toBe(false);
    expect(result.total).toBe(16);
    expect(result.outcome).toBe("SUCCESS_WITH_FEAR");
  });

  it("subtracts one d6 when disadvantage outnumbers advantage", () => {
    const dice = scriptDice([10, 6, 5]);
    const result = rollAction({ difficulty: 12, advantage: 1, disadvantage: 4 }, dice.rollDie);
    expect(result.disadvantage_die).toBe(5);
    expect("advantage_die" in result).toBe(false);
    expect(result.total).toBe(11);
    expect(result.outcome).toBe("FAILURE_WITH_HOPE");
  });

  it("cancels equal advantage and disadvantage and rolls no d6", () => {
    const dice = scriptDice([2, 2]);
    const result = rollAction({ advantage: 2, disadvantage: 2 }, dice.rollDie);
    expect(dice.requestedSides).toEqual([12, 12]);
    expect(Object.keys(result)).toEqual([
      "hope",
      "fear",
      "modifier",
      "total",
      "is_crit",
      "meets_difficulty",
      "outcome",
    ]);
    expect(result.outcome).toBe("CRITICAL_SUCCESS");
  });

  it("is reproduced field for field by evaluateActionOutcome on the rolled dice", () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 12 }),
          fc.integer({ min: 1, max: 6 }),
        ),
        fc.record(
          {
            modifier: fc.integer({ min: -100, max: 100 }),
            difficulty: fc.integer({ min: 0, max: 100 }),
            advantage: fc.integer({ min: 0, max: 10 }),
            disadvantage: fc.integer({ min: 0, max: 10 }),
          },
          { requiredKeys: [] },
        ),
        (faces, input) => {
          const rolled = rollAction(input, scriptDice(faces).rollDie);
          const { hope, fear, advantage_die, disadvantage_die } = rolled;
          expect(
            evaluateActionOutcome({
              hope,
              fear,
              advantage_die,
              disadvantage_die,
              modifier: input.modifier,
              difficulty: input.difficulty,
            }),
          ).toEqual(rolled);
        },
      ),
    );
  });

  it("replays the seed tabletop: Hope 10, Fear 7, advantage die 2", () => {
    // docs/dice.md §7 words for "tabletop": 3899502165, 2334157818, 2105672425, all below the
    // rejection limits, so Hope = 3899502165 mod 12 + 1 = 9 + 1, Fear = 2334157818 mod 12 + 1
    // = 6 + 1, and the d6 = 2105672425 mod 6 + 1 = 1 + 1.
    const result = rollAction({ difficulty: 20, advantage: 1 }, createRandomDieRoller("tabletop"));
    expect(result).toEqual({
      hope: 10,
      fear: 7,
      modifier: 0,
      difficulty: 20,
      advantage_die: 2,
      total: 19,
      is_crit: false,
      meets_difficulty: false,
      outcome: "FAILURE_WITH_HOPE",
    });
  });

  it("keeps every rolled die in range over many unseeded rolls and shows every d12 face", () => {
    const rollDie = createRandomDieRoller();
    const hopeFaces = new Set<number>();
    const fearFaces = new Set<number>();
    for (let index = 0; index < 1500; index++) {
      const result = rollAction({ disadvantage: 1 }, rollDie);
      hopeFaces.add(result.hope);
      fearFaces.add(result.fear);
      expect(result.disadvantage_die).toBeGreaterThanOrEqual(1);
      expect(result.disadvantage_die).toBeLessThanOrEqual(6);
    }
    const allFaces = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect([...hopeFaces].sort((a, b) => a - b)).toEqual(allFaces);
    expect([...fearFaces].sort((a, b) => a - b)).toEqual(allFaces);
  });

  it("refuses invalid input before drawing any die", () => {
    const dice = scriptDice([1, 2, 3]);
    expect(() => rollAction({ difficulty: -1 }, dice.rollDie)).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "difficulty" }),
    );
    expect(() => rollAction({ advantage: -1 }, dice.rollDie)).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "advantage" }),
    );
    expect(() => rollAction({ modifier: 0.5 }, dice.rollDie)).toThrow(
      expect.objectContaining({ code: "NOT_AN_INTEGER", parameter: "modifier" }),
    );
    expect(dice.requestedSides).toEqual([]);
  });

  it("refuses a die roller that returns an impossible face", () => {
    expect(() => rollAction({}, scriptDice([13, 1]).rollDie)).toThrow(
      expect.objectContaining({ code: "INVALID_DIE_ROLL" }),
    );
    expect(() => rollAction({ advantage: 1 }, scriptDice([1, 2, 0]).rollDie)).toThrow(
      expect.objectContaining({ code: "INVALID_DIE_ROLL" }),
    );
  });
});
