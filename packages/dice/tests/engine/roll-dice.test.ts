import { createScriptedSource } from "@tabletop-mcp/kit/random";
import { describe, expect, it } from "vitest";
import { type RollResult, rollDice } from "../../src/engine/roll-dice.js";
import type { RollDiceParams } from "../../src/engine/roll-dice-params.js";
import { valid, wordsForFaces } from "./support/fixtures.js";

function roll(params: RollDiceParams, ...faces: number[]): RollResult {
  const source = createScriptedSource(wordsForFaces(...faces));
  const result = rollDice(valid(params), source);
  expect(source.consumed).toBe(faces.length);
  return result;
}

function keptDice(result: RollResult): number[] {
  return result.dice.filter((die) => die.kept).map((die) => die.die);
}

describe("rollDice: plain sums and modifiers", () => {
  it("sums every die and adds the modifier", () => {
    const result = roll({ dice_count: 3, dice_sides: 8, modifier: 4 }, 2, 8, 5);
    expect(result.total).toBe(19);
    expect(result.dice.map((die) => die.value)).toEqual([2, 8, 5]);
    expect(result.dice.every((die) => die.kept && die.special === null)).toBe(true);
    expect(result.operation).toBe("3d8+4");
    expect(result.description).toBe("Rolled 3d8, adding 4");
  });

  it("rolls a d1 without consuming randomness", () => {
    const result = roll({ dice_count: 3, dice_sides: 1 });
    expect(result.total).toBe(3);
    expect(result.dice.map((die) => die.rolls)).toEqual([[1], [1], [1]]);
  });

  it("omits successes and total_dice when no target is set", () => {
    const result = roll({ dice_count: 1, dice_sides: 20 }, 11);
    expect(Object.keys(result)).toEqual(["total", "dice", "operation", "description"]);
  });
});

describe("rollDice: keep and drop share one ranking by final value", () => {
  const faces = [7, 3, 7, 1, 9];
  const base = { dice_count: 5, dice_sides: 10 };

  it("keeps the highest two, breaking the tie between the sevens toward die 1", () => {
    const result = roll({ ...base, keep_highest: 2 }, ...faces);
    expect(keptDice(result)).toEqual([1, 5]);
    expect(result.total).toBe(16);
  });

  it("keeps the lowest two", () => {
    const result = roll({ ...base, keep_lowest: 2 }, ...faces);
    expect(keptDice(result)).toEqual([2, 4]);
    expect(result.total).toBe(4);
  });

  it("drops the highest two, dropping die 1 rather than die 3 among the sevens", () => {
    const result = roll({ ...base, drop_highest: 2 }, ...faces);
    expect(keptDice(result)).toEqual([2, 3, 4]);
    expect(result.total).toBe(11);
  });

  it("drops the lowest two", () => {
    const result = roll({ ...base, drop_lowest: 2 }, ...faces);
    expect(keptDice(result)).toEqual([1, 3, 5]);
    expect(result.total).toBe(23);
  });

  it("marks the same dice for dl1 and kh(N-1)", () => {
    const dropped = roll({ ...base, drop_lowest: 1 }, ...faces);
    const kept = roll({ ...base, keep_highest: 4 }, ...faces);
    expect(keptDice(dropped)).toEqual(keptDice(kept));
  });

  it("keeping every die is a legal no-op", () => {
    const result = roll({ ...base, keep_highest: 5 }, ...faces);
    expect(result.total).toBe(27);
    expect(result.operation).toBe("5d10kh5");
  });

  it("keeps the 13 of 2d6!kh1 with chains [6,2] and [6,6,1], ranking by value not face", () => {
    const result = roll(
      { dice_count: 2, dice_sides: 6, exploding: true, keep_highest: 1 },
      6,
      2,
      6,
      6,
      1,
    );
    expect(result.dice.map((die) => die.value)).toEqual([8, 13]);
    expect(keptDice(result)).toEqual([2]);
    expect(result.total).toBe(13);
  });

  it("keeps the 3 of 2d6r5kh1 with [5,1] and [3]: a discarded 5 does not count", () => {
    const result = roll({ dice_count: 2, dice_sides: 6, reroll: [5], keep_highest: 1 }, 5, 1, 3);
    expect(result.dice[0]).toMatchObject({
      rolls: [5, 1],
      value: 1,
      kept: false,
      special: "rerolled",
    });
    expect(keptDice(result)).toEqual([2]);
    expect(result.total).toBe(3);
  });

  it("ranks a min_applied 2 above a raw 1 and level with a natural 2", () => {
    const lowered = roll({ dice_count: 2, dice_sides: 6, min_value: 2, keep_highest: 1 }, 1, 2);
    expect(lowered.dice[0]).toMatchObject({ rolls: [1], value: 2, special: "min_applied" });
    expect(keptDice(lowered)).toEqual([1]);
    const raw = roll({ dice_count: 2, dice_sides: 6, keep_highest: 1 }, 1, 2);
    expect(keptDice(raw)).toEqual([2]);
  });

  it("ranks a thousand dice by value with ties in die order", () => {
    const faces = Array.from({ length: 1000 }, (_, index) => (index % 6) + 1);
    const result = roll({ dice_count: 1000, dice_sides: 6, keep_highest: 200 }, ...faces);
    const expected = faces
      .map((face, index) => ({ face, die: index + 1 }))
      .sort((a, b) => b.face - a.face || a.die - b.die)
      .slice(0, 200)
      .map((entry) => entry.die)
      .sort((a, b) => a - b);
    expect(keptDice(result)).toEqual(expected);
    expect(result.total).toBe(166 * 6 + 34 * 5);
  });
});

describe("rollDice: reroll once", () => {
  it("rerolls a listed face once and lets the second face stand even if listed", () => {
    const result = roll({ dice_count: 2, dice_sides: 6, reroll: [1] }, 1, 1, 4);
    expect(result.dice[0]).toMatchObject({ rolls: [1, 1], value: 1, special: "rerolled" });
    expect(result.dice[1]).toMatchObject({ rolls: [4], value: 4, special: null });
    expect(result.total).toBe(5);
    expect(result.description).toBe("Rolled 2d6, rerolling 1s once");
  });

  it("treats duplicate reroll values as one set", () => {
    const result = roll({ dice_count: 1, dice_sides: 6, reroll: [2, 1, 2] }, 2, 5);
    expect(result.dice[0]?.rolls).toEqual([2, 5]);
    expect(result.operation).toBe("1d6r{1,2}");
  });

  it("does not explode a first maximum face that was rerolled", () => {
    const result = roll({ dice_count: 1, dice_sides: 6, reroll: [6], exploding: true }, 6, 3);
    expect(result.dice[0]).toMatchObject({ rolls: [6, 3], value: 3, special: "rerolled" });
  });

  it("explodes the reroll's maximum face and never rerolls explosion rolls", () => {
    const result = roll({ dice_count: 1, dice_sides: 6, reroll: [1], exploding: true }, 1, 6, 1);
    expect(result.dice[0]).toMatchObject({
      rolls: [1, 6, 1],
      value: 7,
      special: "rerolled,exploded",
    });
  });
});

describe("rollDice: explosions", () => {
  it("keeps an exploded die as one die whose value is the chain's sum", () => {
    const result = roll({ dice_count: 2, dice_sides: 6, exploding: true }, 6, 6, 2, 3);
    expect(result.dice).toHaveLength(2);
    expect(result.dice[0]).toMatchObject({
      die: 1,
      rolls: [6, 6, 2],
      value: 14,
      special: "exploded",
    });
    expect(result.dice[1]).toMatchObject({ die: 2, rolls: [3], value: 3, special: null });
    expect(result.total).toBe(17);
  });

  it("caps a chain at 100 extra rolls and flags it (1d4! showing 4 101 times)", () => {
    const result = roll({ dice_count: 1, dice_sides: 4, exploding: true }, ...Array(101).fill(4));
    expect(result.dice[0]?.rolls).toHaveLength(101);
    expect(result.dice[0]?.value).toBe(404);
    expect(result.dice[0]?.special).toBe("exploded,capped");
  });

  it("does not flag a chain whose 101st roll is below the maximum", () => {
    const faces = [...Array(100).fill(4), 1];
    const result = roll({ dice_count: 1, dice_sides: 4, exploding: true }, ...faces);
    expect(result.dice[0]?.value).toBe(401);
    expect(result.dice[0]?.special).toBe("exploded");
  });

  it("never explodes a value raised to the maximum by min_value", () => {
    const result = roll({ dice_count: 1, dice_sides: 6, exploding: true, min_value: 6 }, 1);
    expect(result.dice[0]).toMatchObject({ rolls: [1], value: 6, special: "min_applied" });
  });
});

describe("rollDice: combinations", () => {
  it("rerolls, then explodes, then keeps (3d6r1!kh2)", () => {
    const params = { dice_count: 3, dice_sides: 6, reroll: [1], exploding: true, keep_highest: 2 };
    const result = roll(params, 1, 6, 6, 3, 6, 2, 1, 1);
    expect(result.dice).toEqual([
      {
        die: 1,
        sides: 6,
        rolls: [1, 6, 6, 3],
        value: 15,
        kept: true,
        special: "rerolled,exploded",
      },
      { die: 2, sides: 6, rolls: [6, 2], value: 8, kept: true, special: "exploded" },
      { die: 3, sides: 6, rolls: [1, 1], value: 1, kept: false, special: "rerolled" },
    ]);
    expect(result.total).toBe(23);
    expect(result.operation).toBe("3d6r1!kh2");
  });

  it("counts successes only on kept dice (Example 2 with drop_highest)", () => {
    const params = {
      dice_count: 5,
      dice_sides: 10,
      exploding: true,
      drop_highest: 1,
      target_number: 8,
    };
    const result = roll(params, 10, 4, 3, 8, 1, 9);
    expect(result.dice[0]).toMatchObject({ value: 14, kept: false, special: "exploded" });
    expect(result.successes).toBe(2);
    expect(result.total).toBe(2);
    expect(result.total_dice).toBe(5);
  });

  it("adds the modifier to the success count and leaves successes raw", () => {
    const params = { dice_count: 3, dice_sides: 10, target_number: 8, modifier: 1 };
    const result = roll(params, 8, 2, 10);
    expect(result.successes).toBe(2);
    expect(result.total).toBe(3);
    expect(result.operation).toBe("3d10>=8+1");
  });

  it("counts a success for every kept die with target 1", () => {
    const result = roll(
      { dice_count: 3, dice_sides: 4, target_number: 1, keep_lowest: 2 },
      4,
      1,
      2,
    );
    expect(result.successes).toBe(2);
    expect(result.dice.map((die) => die.special)).toEqual([null, "success", "success"]);
  });

  it("orders special tokens as rerolled, exploded, min_applied, success", () => {
    const params = { dice_count: 1, dice_sides: 2, reroll: [1], exploding: true, target_number: 3 };
    const result = roll(params, 1, 2, 1);
    expect(result.dice[0]).toMatchObject({
      rolls: [1, 2, 1],
      value: 3,
      special: "rerolled,exploded,success",
    });
  });
});
