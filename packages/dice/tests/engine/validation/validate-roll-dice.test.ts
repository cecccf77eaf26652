import { describe, expect, it } from "vitest";
import { validateRollDiceArguments } from "../../../src/engine/validation/validate-roll-dice.js";

const SELECTION_TAIL = "use only one of keep_highest, keep_lowest, drop_highest, drop_lowest";
const ALL_PARAMETERS =
  "dice_count, dice_sides, modifier, keep_highest, keep_lowest, drop_highest, drop_lowest, reroll, exploding, target_number, min_value, label";

function problemsOf(input: unknown) {
  const validation = validateRollDiceArguments(input);
  return validation.ok ? [] : validation.problems;
}

describe("validateRollDiceArguments: base fields", () => {
  it("reports the spec's example: dice_count too large and a second selection, together", () => {
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

  it("reports missing required parameters with their ranges", () => {
    expect(problemsOf({})).toEqual([
      { parameter: "dice_count", issue: "Missing required parameter", valid_range: "1-1000" },
      { parameter: "dice_sides", issue: "Missing required parameter", valid_range: "1-100" },
    ]);
  });

  it("does not coerce strings and names the received type", () => {
    expect(problemsOf({ dice_count: "4", dice_sides: 6 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Expected an integer, received string",
        valid_range: "1-1000",
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

  it("treats null optional parameters as absent", () => {
    const validation = validateRollDiceArguments({
      dice_count: 2,
      dice_sides: 6,
      modifier: null,
      keep_highest: null,
      reroll: null,
      exploding: null,
      label: null,
    });
    expect(validation).toEqual({ ok: true, value: { dice_count: 2, dice_sides: 6 } });
  });

  it("treats a null required parameter as missing", () => {
    expect(problemsOf({ dice_count: null, dice_sides: 6 })).toEqual([
      { parameter: "dice_count", issue: "Missing required parameter", valid_range: "1-1000" },
    ]);
  });

  it("rejects unknown keys after the known problems, listing the valid parameters", () => {
    expect(problemsOf({ dice_count: 2, sides: 6 })).toEqual([
      { parameter: "dice_sides", issue: "Missing required parameter", valid_range: "1-100" },
      { parameter: "sides", issue: `Unknown parameter; valid parameters are ${ALL_PARAMETERS}` },
    ]);
  });

  it("checks the types of exploding, reroll and label", () => {
    expect(
      problemsOf({ dice_count: 2, dice_sides: 6, exploding: "yes", reroll: 1, label: 5 }),
    ).toEqual([
      { parameter: "reroll", issue: "Expected an array, received number" },
      { parameter: "exploding", issue: "Expected a boolean, received string" },
      { parameter: "label", issue: "Expected a string, received number" },
    ]);
  });

  it("bounds the label to 1-100 characters", () => {
    expect(problemsOf({ dice_count: 1, dice_sides: 6, label: "" })).toEqual([
      {
        parameter: "label",
        issue: "Length 0 is below minimum allowed (1 characters)",
        valid_range: "1-100 characters",
      },
    ]);
    expect(problemsOf({ dice_count: 1, dice_sides: 6, label: "x".repeat(101) })).toHaveLength(1);
    expect(problemsOf({ dice_count: 1, dice_sides: 6, label: "x".repeat(100) })).toEqual([]);
  });

  it("reports a non-object as a whole", () => {
    expect(problemsOf("4d6")).toEqual([
      { parameter: "arguments", issue: "Expected an object, received string" },
    ]);
  });
});

describe("validateRollDiceArguments: cross-parameter rules", () => {
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

  it("falls back to the absolute maximum when dice_count itself is invalid", () => {
    expect(problemsOf({ dice_count: "x", dice_sides: 6, keep_highest: 1001 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Expected an integer, received string",
        valid_range: "1-1000",
      },
      {
        parameter: "keep_highest",
        issue: "Value 1001 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
      },
    ]);
  });

  it("checks each reroll value against the die with its index in the path", () => {
    expect(problemsOf({ dice_count: 2, dice_sides: 6, reroll: [1, 7, "2"] })).toEqual([
      { parameter: "reroll[1]", issue: "Value 7 exceeds maximum allowed (6)", valid_range: "1-6" },
      { parameter: "reroll[2]", issue: "Expected an integer, received string", valid_range: "1-6" },
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
        issue: "Length 101 exceeds maximum allowed (100 items)",
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
    const validation = validateRollDiceArguments({ dice_count: 2, dice_sides: 0 }, "rolls[2].");
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
