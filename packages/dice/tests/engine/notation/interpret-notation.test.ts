import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interpretNotation } from "../../../src/engine/notation/interpret-notation.js";
import { renderOperation } from "../../../src/engine/render-roll.js";
import type { RollDiceParams } from "../../../src/engine/roll-dice-params.js";
import { rollDiceParamsArbitrary } from "../support/arbitraries.js";

function interpreted(notation: string): RollDiceParams {
  const result = interpretNotation(notation);
  if (!result.ok) expect.fail(JSON.stringify(result.problems));
  return result.value.interpretedAs;
}

function problems(notation: string) {
  const result = interpretNotation(notation);
  return result.ok ? [] : result.problems;
}

describe("interpretNotation: grammar branches", () => {
  it.each<[string, RollDiceParams]>([
    ["4d6kh3+2", { dice_count: 4, dice_sides: 6, modifier: 2, keep_highest: 3 }],
    ["2d20kl1", { dice_count: 2, dice_sides: 20, keep_lowest: 1 }],
    ["4d6k3", { dice_count: 4, dice_sides: 6, keep_highest: 3 }],
    ["5d10dh2", { dice_count: 5, dice_sides: 10, drop_highest: 2 }],
    ["5d10dl2", { dice_count: 5, dice_sides: 10, drop_lowest: 2 }],
    ["4d6d1", { dice_count: 4, dice_sides: 6, drop_lowest: 1 }],
    ["5d10>=8", { dice_count: 5, dice_sides: 10, target_number: 8 }],
    ["5d10>7", { dice_count: 5, dice_sides: 10, target_number: 8 }],
    ["3d6!", { dice_count: 3, dice_sides: 6, exploding: true }],
    ["3d6!!", { dice_count: 3, dice_sides: 6, exploding: true }],
    ["4d6r1", { dice_count: 4, dice_sides: 6, reroll: [1] }],
    ["4d6ro1", { dice_count: 4, dice_sides: 6, reroll: [1] }],
    ["3d6r{2,1,2}", { dice_count: 3, dice_sides: 6, reroll: [1, 2] }],
    ["4d6r<3", { dice_count: 4, dice_sides: 6, reroll: [1, 2] }],
    ["4d6r<=2", { dice_count: 4, dice_sides: 6, reroll: [1, 2] }],
    ["4d6r>=5", { dice_count: 4, dice_sides: 6, reroll: [5, 6] }],
    ["4d6r>4", { dice_count: 4, dice_sides: 6, reroll: [5, 6] }],
    ["4d6r=3", { dice_count: 4, dice_sides: 6, reroll: [3] }],
    ["4d6r1r3ro2", { dice_count: 4, dice_sides: 6, reroll: [1, 2, 3] }],
    ["4d6min2", { dice_count: 4, dice_sides: 6, min_value: 2 }],
    ["4d6mi2", { dice_count: 4, dice_sides: 6, min_value: 2 }],
    ["d%", { dice_count: 1, dice_sides: 100 }],
    ["d20", { dice_count: 1, dice_sides: 20 }],
    ["1d20+5-2+1", { dice_count: 1, dice_sides: 20, modifier: 4 }],
    [
      "6d10!dl1>=8+1",
      {
        dice_count: 6,
        dice_sides: 10,
        modifier: 1,
        drop_lowest: 1,
        exploding: true,
        target_number: 8,
      },
    ],
    ["2d6+3!", { dice_count: 2, dice_sides: 6, modifier: 3, exploding: true }],
  ])("reads %s", (notation, expected) => {
    expect(interpreted(notation)).toEqual(expected);
  });

  it("ignores letter case and whitespace between tokens", () => {
    const expected = { dice_count: 4, dice_sides: 6, modifier: 2, keep_highest: 3 };
    expect(interpreted("4D6KH3+2")).toEqual(expected);
    expect(interpreted(" \t4 d 6 kh 3 + 2 ")).toEqual(expected);
    expect(interpreted("4d6 r { 1 , 2 } MIN 2")).toEqual({
      dice_count: 4,
      dice_sides: 6,
      reroll: [1, 2],
      min_value: 2,
    });
  });

  it("lists the interpreted keys in parameter-table order", () => {
    expect(Object.keys(interpreted("1d20>=5r1min2!kh1+1"))).toEqual([
      "dice_count",
      "dice_sides",
      "modifier",
      "keep_highest",
      "reroll",
      "exploding",
      "target_number",
      "min_value",
    ]);
  });
});

describe("interpretNotation: errors with positions", () => {
  it("points at an unexpected character after the modifiers (docs/dice.md §6.3's example)", () => {
    expect(problems("4d6kh3x")).toEqual([
      {
        parameter: "notation",
        issue:
          "Unexpected 'x' at position 7; expected a modifier (kh, kl, dh, dl, k, d, !, r, ro, min, >=, >, +, -) or the end",
        position: 7,
      },
    ]);
  });

  it("reports an empty or blank string at position 1", () => {
    for (const notation of ["", "   "]) {
      expect(problems(notation)).toEqual([
        { parameter: "notation", issue: "Empty notation; expected dice such as 2d6", position: 1 },
      ]);
    }
  });

  it("points at the start when no dice are given", () => {
    expect(problems("x4d6")).toEqual([
      {
        parameter: "notation",
        issue: "Unexpected 'x' at position 1; expected dice such as 2d6",
        position: 1,
      },
    ]);
  });

  it("points past the end when the input stops early", () => {
    expect(problems("4d6kh")).toEqual([
      {
        parameter: "notation",
        issue: "Unexpected end at position 6; expected a number after kh",
        position: 6,
      },
    ]);
    expect(problems("4d")).toEqual([
      {
        parameter: "notation",
        issue: "Unexpected end at position 3; expected the number of sides or %",
        position: 3,
      },
    ]);
  });

  it("counts code points, leading whitespace included, and quotes the character as sent", () => {
    expect(problems("  🎲4d6")[0]).toMatchObject({
      position: 3,
      issue: "Unexpected '🎲' at position 3; expected dice such as 2d6",
    });
    expect(problems("4D6X")[0]).toMatchObject({
      position: 4,
      issue: expect.stringContaining("Unexpected 'X'"),
    });
  });

  it("requires keyword letters to be contiguous", () => {
    expect(problems("4d6k h3")[0]).toMatchObject({
      position: 6,
      issue: expect.stringContaining("expected a number after k"),
    });
  });

  it("re-reports roll_dice validation at the token that supplied the value", () => {
    expect(problems("4d6kh5")).toEqual([
      {
        parameter: "notation",
        issue: "keep highest 5 exceeds the number of dice (4)",
        valid_range: "1-4",
        position: 4,
      },
    ]);
    expect(problems("1001d6")).toEqual([
      {
        parameter: "notation",
        issue: "dice count 1001 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
        position: 1,
      },
    ]);
    expect(problems("2d101")).toEqual([
      {
        parameter: "notation",
        issue: "sides 101 exceeds maximum allowed (100)",
        valid_range: "1-100",
        position: 3,
      },
    ]);
    expect(problems("1d20 dl1")).toEqual([
      { parameter: "notation", issue: "Nothing can be dropped from a single die", position: 6 },
    ]);
    expect(problems("3d6 r1 r>=2")).toEqual([
      { parameter: "notation", issue: "Rerolling every face of a d6 is meaningless", position: 5 },
    ]);
    expect(problems("3d6r{1,9}")).toEqual([
      {
        parameter: "notation",
        issue: "reroll 9 exceeds maximum allowed (6)",
        valid_range: "1-6",
        position: 4,
      },
    ]);
    expect(problems("3d6>6")).toEqual([
      {
        parameter: "notation",
        issue: "target number 7 exceeds maximum allowed (6)",
        valid_range: "1-6",
        position: 4,
      },
    ]);
    expect(problems("4d6dl4")[0]).toMatchObject({
      issue: "drop lowest 4 must leave at least one of the 4 dice",
      position: 4,
    });
    expect(problems("1d1!")).toEqual([
      {
        parameter: "notation",
        issue: "A d1 always shows its maximum and would explode forever",
        position: 4,
      },
    ]);
  });

  it.each([
    ["1d20+1d4", 6, "only one dice group per notation; use roll_multiple for several"],
    ["1d20 + d4", 8, "only one dice group per notation"],
    ["4d6kh3kl1", 7, "A second keep or drop"],
    ["3d6!!!", 6, "A second explode"],
    ["4d6min2min3", 8, "A second minimum"],
    ["5d10>=8>9", 8, "A second success threshold"],
    ["4d6rr1", 4, "Reroll until (rr) at position 4 is not supported"],
    ["5d10<3", 5, "Counting successes with '<'"],
    ["3d6!p", 4, "Penetrating explosions (!p)"],
    ["3d6!>5", 4, "Exploding on a comparison"],
    ["4dF", 3, "Fudge dice (dF)"],
    ["12345678d6", 1, "more than 7 digits"],
    ["4d6r{1,2", 9, "expected ',' or '}'"],
  ])("rejects %s at position %i", (notation, position, fragment) => {
    const [problem] = problems(notation);
    expect(problem?.position).toBe(position);
    expect(problem?.issue).toContain(fragment);
  });
});

describe("interpretNotation: round trip", () => {
  it("reads every canonical operation back as the parameters that produced it", () => {
    fc.assert(
      fc.property(rollDiceParamsArbitrary(1000, 100), (params) => {
        expect(interpreted(renderOperation(params))).toEqual(params);
      }),
      { numRuns: 1000 },
    );
  });
});
