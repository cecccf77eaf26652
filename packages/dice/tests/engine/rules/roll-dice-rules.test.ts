import { describe, expect, it } from "vitest";
import type { RollDiceParams } from "../../../src/engine/roll-dice-params.js";
import { checkRollDiceValues } from "../../../src/engine/rules/roll-dice-rules.js";
import { validateRollDice } from "../../../src/engine/rules/validate-roll-dice.js";

const SELECTION_TAIL = "use only one of keep_highest, keep_lowest, drop_highest, drop_lowest";

function problemsOf(input: RollDiceParams) {
  const validation = validateRollDice(input);
  return validation.ok ? [] : validation.problems;
}

describe("validateRollDice: fixed ranges", () => {
  it("reports docs/dice.md §2.3's example: dice_count too large and a second selection, together", () => {
    expect(
      problemsOf({ dice_count: 1500, dice_sides: 6, keep_highest: 3, keep_lowest: 1 }),
    ).toEqual([
      {
        parameter: "dice_count",
        issue: "Value 1500 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
      },
      {
        parameter: "keep_lowest",
        issue: `Cannot be combined with keep_highest; ${SELECTION_TAIL}`,
      },
    ]);
  });

  it("rejects a fractional modifier and states the modifier's range", () => {
    expect(problemsOf({ dice_count: 1, dice_sides: 6, modifier: 1.5 })).toEqual([
      {
        parameter: "modifier",
        issue: "Expected an integer, received 1.5",
        valid_range: "-10000-10000",
      },
    ]);
  });

  it("reports values below the minimum", () => {
    expect(problemsOf({ dice_count: 0, dice_sides: 6, modifier: -10001 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Value 0 is below minimum allowed (1)",
        valid_range: "1-1000",
      },
      {
        parameter: "modifier",
        issue: "Value -10001 is below minimum allowed (-10000)",
        valid_range: "-10000-10000",
      },
    ]);
  });
});

describe("validateRollDice: cross-parameter rules", () => {
  it("reports every later selection against the first one", () => {
    expect(
      problemsOf({ dice_count: 4, dice_sides: 6, keep_lowest: 1, drop_highest: 1, drop_lowest: 1 }),
    ).toEqual([
      {
        parameter: "drop_highest",
        issue: `Cannot be combined with keep_lowest; ${SELECTION_TAIL}`,
      },
      { parameter: "drop_lowest", issue: `Cannot be combined with keep_lowest; ${SELECTION_TAIL}` },
    ]);
  });

  it("computes keep ranges from dice_count", () => {
    expect(problemsOf({ dice_count: 4, dice_sides: 6, keep_highest: 5 })).toEqual([
      {
        parameter: "keep_highest",
        issue: "Value 5 exceeds maximum allowed (4)",
        valid_range: "1-4",
      },
    ]);
    expect(problemsOf({ dice_count: 4, dice_sides: 6, keep_lowest: 4 })).toEqual([]);
  });

  it("requires drops to leave at least one die", () => {
    expect(problemsOf({ dice_count: 4, dice_sides: 6, drop_lowest: 4 })).toEqual([
      {
        parameter: "drop_lowest",
        issue: "Value 4 exceeds maximum allowed (3)",
        valid_range: "1-3",
      },
    ]);
  });

  it("refuses any drop from a single die, without a range", () => {
    expect(problemsOf({ dice_count: 1, dice_sides: 20, drop_highest: 1 })).toEqual([
      { parameter: "drop_highest", issue: "Nothing can be dropped from a single die" },
    ]);
  });

  it("skips the keep range when dice_count itself is out of range", () => {
    expect(problemsOf({ dice_count: 0, dice_sides: 6, keep_highest: 1001 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Value 0 is below minimum allowed (1)",
        valid_range: "1-1000",
      },
    ]);
  });

  it("checks each reroll value against the die with its index in the path", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 6, reroll: [1, 7, 2.5] })).toEqual([
      { parameter: "reroll[1]", issue: "Value 7 exceeds maximum allowed (6)", valid_range: "1-6" },
      { parameter: "reroll[2]", issue: "Expected an integer, received 2.5", valid_range: "1-6" },
    ]);
  });

  it("rejects rerolling every face, which includes any reroll on a d1", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 2, reroll: [2, 1, 1] })).toEqual([
      { parameter: "reroll", issue: "Rerolling every face of a d2 is meaningless" },
    ]);
    expect(problemsOf({ dice_count: 2, dice_sides: 1, reroll: [1] })).toEqual([
      { parameter: "reroll", issue: "Rerolling every face of a d1 is meaningless" },
    ]);
  });

  it("accepts an empty reroll array as no reroll", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 6, reroll: [] })).toEqual([]);
  });

  it("limits reroll to 100 entries", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 6, reroll: Array(101).fill(1) })).toEqual([
      {
        parameter: "reroll",
        issue: "101 items exceed maximum allowed (100)",
        valid_range: "0-100 items",
      },
    ]);
  });

  it("refuses to explode a d1", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 1, exploding: true })).toEqual([
      { parameter: "exploding", issue: "A d1 always shows its maximum and would explode forever" },
    ]);
  });

  it("bounds min_value by the sides and allows the no-op 1", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 6, min_value: 7 })).toEqual([
      { parameter: "min_value", issue: "Value 7 exceeds maximum allowed (6)", valid_range: "1-6" },
    ]);
    expect(problemsOf({ dice_count: 2, dice_sides: 6, min_value: 1 })).toEqual([]);
  });

  it("widens the target bound to 101 x sides when exploding", () => {
    expect(problemsOf({ dice_count: 5, dice_sides: 10, target_number: 11 })).toEqual([
      {
        parameter: "target_number",
        issue: "Value 11 exceeds maximum allowed (10)",
        valid_range: "1-10",
      },
    ]);
    expect(
      problemsOf({ dice_count: 5, dice_sides: 10, exploding: true, target_number: 1010 }),
    ).toEqual([]);
    expect(
      problemsOf({ dice_count: 5, dice_sides: 10, exploding: true, target_number: 1011 }),
    ).toEqual([
      {
        parameter: "target_number",
        issue: "Value 1011 exceeds maximum allowed (1010)",
        valid_range: "1-1010",
      },
    ]);
  });

  it("prefixes paths for nested use", () => {
    const validation = validateRollDice({ dice_count: 2, dice_sides: 0 }, "rolls[2].");
    expect(validation).toEqual({
      ok: false,
      problems: [
        {
          parameter: "rolls[2].dice_sides",
          issue: "Value 0 is below minimum allowed (1)",
          valid_range: "1-100",
        },
      ],
    });
  });
});

describe("checkRollDiceValues with arguments missing", () => {
  it("reports a range mistake and a rule mistake together, in parameter-table order", () => {
    const findings = checkRollDiceValues({ keep_lowest: 1, keep_highest: 3, dice_count: 1500 });
    expect(findings.map((finding) => finding.parameter)).toEqual(["dice_count", "keep_lowest"]);
  });

  it("skips every check that needs an absent dice_sides", () => {
    expect(
      checkRollDiceValues({
        dice_count: 2,
        reroll: [9],
        exploding: true,
        target_number: 700,
        min_value: 50,
      }),
    ).toEqual([]);
  });

  it("still checks what it can without dice_count", () => {
    expect(checkRollDiceValues({ dice_sides: 1, exploding: true, keep_highest: 9 })).toEqual([
      {
        parameter: "exploding",
        violation: {
          kind: "rule",
          issue: "A d1 always shows its maximum and would explode forever",
        },
      },
    ]);
  });
});
