import { createScriptedSource } from "@tabletop-mcp/kit/random";
import { describe, expect, it } from "vitest";
import {
  type RollMultipleArguments,
  respondToRollMultiple,
  validateRollMultiple,
} from "../../src/engine/roll-multiple.js";
import { wordsForFaces } from "./support/fixtures.js";

function problemsOf(input: RollMultipleArguments) {
  const validation = validateRollMultiple(input);
  return validation.ok ? [] : validation.problems;
}

const d6 = { dice_count: 1, dice_sides: 6 };

describe("roll_multiple validation", () => {
  it("requires at least one roll", () => {
    expect(problemsOf({ rolls: [] })).toEqual([
      { parameter: "rolls", issue: "Must contain at least 1 roll", valid_range: "1-50" },
    ]);
  });

  it("accepts 50 rolls and rejects 51", () => {
    expect(problemsOf({ rolls: Array(50).fill(d6) })).toEqual([]);
    expect(problemsOf({ rolls: Array(51).fill(d6) })).toEqual([
      {
        parameter: "rolls",
        issue: "Must contain at most 50 rolls, received 51",
        valid_range: "1-50",
      },
    ]);
  });

  it("accepts count 100 and rejects 101", () => {
    expect(problemsOf({ rolls: [d6], count: 100 })).toEqual([]);
    expect(problemsOf({ rolls: [d6], count: 101 })).toEqual([
      {
        parameter: "count",
        issue: "Value 101 exceeds maximum allowed (100)",
        valid_range: "1-100",
      },
    ]);
  });

  it("names item problems by path", () => {
    const rolls = [
      d6,
      d6,
      { dice_count: 2, dice_sides: 101 },
      { dice_count: 4, dice_sides: 6, keep_highest: 1, keep_lowest: 1 },
    ];
    expect(problemsOf({ rolls })).toEqual([
      {
        parameter: "rolls[2].dice_sides",
        issue: "Value 101 exceeds maximum allowed (100)",
        valid_range: "1-100",
      },
      {
        parameter: "rolls[3].keep_lowest",
        issue:
          "Cannot be combined with keep_highest; use only one of keep_highest, keep_lowest, drop_highest, drop_lowest",
      },
    ]);
  });

  it("reports the total-dice rule on count with the largest count that fits", () => {
    const rolls = [
      { dice_count: 100, dice_sides: 6 },
      { dice_count: 20, dice_sides: 8 },
    ];
    expect(problemsOf({ rolls, count: 100 })).toEqual([
      {
        parameter: "count",
        issue:
          "Total dice requested 12000 (120 per set × 100 sets) exceeds maximum allowed (10000)",
        valid_range: "1-83",
      },
    ]);
  });

  it("accepts exactly 10,000 dice and reports 10,001 on rolls when count is 1", () => {
    const ten = Array(10).fill({ dice_count: 1000, dice_sides: 6 });
    expect(problemsOf({ rolls: ten })).toEqual([]);
    expect(problemsOf({ rolls: [...ten, d6] })).toEqual([
      { parameter: "rolls", issue: "Total dice requested 10001 exceeds maximum allowed (10000)" },
    ]);
  });
});

describe("roll_multiple results", () => {
  it("flattens set by set with set and index after the description", () => {
    const input = {
      rolls: [
        { dice_count: 2, dice_sides: 20, keep_highest: 1 },
        { dice_count: 1, dice_sides: 8, modifier: 2, label: "damage" },
      ],
      count: 2,
    };
    const source = createScriptedSource(wordsForFaces(3, 17, 5, 20, 1, 8));
    const response = respondToRollMultiple(input, source, "2025-04-17T14:32:49.000Z");
    if (!response.ok) expect.fail(JSON.stringify(response.problems));
    const { results, metadata } = response.value;
    expect(results.map((item) => [item.set, item.index, item.total])).toEqual([
      [1, 0, 17],
      [1, 1, 7],
      [2, 0, 20],
      [2, 1, 10],
    ]);
    expect(Object.keys(results[1] ?? {})).toEqual([
      "total",
      "dice",
      "operation",
      "description",
      "label",
      "set",
      "index",
    ]);
    expect(Object.keys(results[0] ?? {})).toEqual([
      "total",
      "dice",
      "operation",
      "description",
      "set",
      "index",
    ]);
    expect(metadata).toEqual({
      parameters: input,
      timestamp: "2025-04-17T14:32:49.000Z",
      rng: "crypto",
    });
    expect(source.consumed).toBe(6);
  });

  it("rolls six ability scores as six results with sets 1..6", () => {
    const source = createScriptedSource(Array(24).fill(2));
    const response = respondToRollMultiple(
      { rolls: [{ dice_count: 4, dice_sides: 6, keep_highest: 3 }], count: 6 },
      source,
      "t",
    );
    if (!response.ok) expect.fail(JSON.stringify(response.problems));
    expect(response.value.results.map((item) => [item.set, item.index, item.total])).toEqual(
      [1, 2, 3, 4, 5, 6].map((set) => [set, 0, 9]),
    );
  });
});
