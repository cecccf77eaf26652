import { createScriptedSource } from "@tabletop-mcp/kit/random";
import { describe, expect, it } from "vitest";
import type { RandomTable } from "../../../src/engine/tables/random-table.js";
import { respondToRollTable } from "../../../src/engine/tables/roll-table.js";
import { parseRandomTable } from "../../../src/parse-table.js";
import { wordsForFaces } from "../support/fixtures.js";

const encounters = {
  name: "encounters",
  entries: [
    { range: "1-3", text: "Goblins" },
    { range: "4-5", text: "Orcs" },
    { range: 6, text: "Troll" },
  ],
};

function table(input: unknown): RandomTable {
  const parsed = parseRandomTable(input);
  if (!parsed.ok) expect.fail(JSON.stringify(parsed.problems));
  return parsed.value;
}

function problems(input: unknown) {
  const parsed = parseRandomTable(input);
  return parsed.ok ? [] : parsed.problems;
}

describe("parseRandomTable", () => {
  it("reads die ranges into a d6 table", () => {
    expect(table(encounters)).toEqual({
      name: "encounters",
      sides: 6,
      entries: [
        { text: "Goblins", low: 1, high: 3 },
        { text: "Orcs", low: 4, high: 5 },
        { text: "Troll", low: 6, high: 6 },
      ],
    });
  });

  it("lays weights out as consecutive ranges, strings weighing 1", () => {
    expect(table({ entries: ["A", { text: "B", weight: 3 }] })).toEqual({
      sides: 4,
      entries: [
        { text: "A", low: 1, high: 1 },
        { text: "B", low: 2, high: 4 },
      ],
    });
  });

  it("names both entries of an overlap", () => {
    const overlapping = {
      entries: [
        { range: "1-3", text: "Goblins" },
        { range: "3-5", text: "Orcs" },
        { range: "6", text: "Troll" },
      ],
    };
    expect(problems(overlapping)).toEqual([
      {
        parameter: "table.entries[1].range",
        issue: 'Range 3-5 of entries[1] ("Orcs", 3-5) overlaps entries[0] ("Goblins", 1-3)',
      },
    ]);
  });

  it("names the entries on both sides of a gap, and a gap before the first", () => {
    expect(
      problems({
        entries: [
          { range: "1-3", text: "Goblins" },
          { range: "6-8", text: "Trolls" },
        ],
      }),
    ).toEqual([
      {
        parameter: "table.entries",
        issue:
          'Values 4-5 are not covered: a gap between entries[0] ("Goblins", 1-3) and entries[1] ("Trolls", 6-8)',
      },
    ]);
    expect(problems({ entries: [{ range: "2-3", text: "x" }] })).toEqual([
      {
        parameter: "table.entries",
        issue: 'Value 1 is not covered: a gap before entries[0] ("x", 2-3)',
      },
    ]);
  });

  it("requires ranges to reach the declared die", () => {
    expect(problems({ ...encounters, die: "d8" })).toEqual([
      {
        parameter: "table.entries",
        issue: 'Values 7-8 of the d8 are not covered: a gap after entries[2] ("Troll", 6)',
      },
    ]);
  });

  it("rejects mixing ranges with weights and malformed ranges", () => {
    expect(problems({ entries: [{ range: "1-3", text: "a" }, "b"] })).toEqual([
      {
        parameter: "table.entries[1]",
        issue:
          "Mixes ranges and weights: entries[0] has a range, entries[1] has none; give every entry a range, or none",
      },
    ]);
    expect(problems({ entries: [{ range: "3-1", text: "a" }] })).toEqual([
      {
        parameter: "table.entries[0].range",
        issue: 'Expected a die range such as "1-3" or "4", received "3-1"',
      },
    ]);
  });

  it("uses a file's default name and paths when loading parsed JSON", () => {
    const parsed = parseRandomTable({ entries: ["x"], colour: "red" }, "treasure.json", "treasure");
    expect(parsed).toEqual({
      ok: false,
      problems: [
        {
          parameter: "treasure.json.colour",
          issue: "Unknown parameter; valid parameters are name, description, die, entries",
        },
      ],
    });
    const named = parseRandomTable({ entries: ["x"] }, "treasure.json", "treasure");
    expect(named.ok && named.value.name).toBe("treasure");
  });
});

describe("respondToRollTable", () => {
  it("draws with repeats, naming the die, the roll and the entry", () => {
    const source = createScriptedSource(wordsForFaces(2, 6, 4));
    const response = respondToRollTable({ table: encounters, count: 3 }, new Map(), source, "t");
    if (!response.ok) expect.fail(JSON.stringify(response.problems));
    expect(response.value.result).toEqual({
      table: "encounters",
      die: "d6",
      draws: [
        { draw: 1, die: "d6", roll: 2, entry: "Goblins", entry_index: 0, range: "1-3" },
        { draw: 2, die: "d6", roll: 6, entry: "Troll", entry_index: 2, range: "6" },
        { draw: 3, die: "d6", roll: 4, entry: "Orcs", entry_index: 1, range: "4-5" },
      ],
    });
  });

  it("draws without repeats from the shrinking table", () => {
    const weighted = { entries: ["A", { text: "B", weight: 3 }, { text: "C", weight: 2 }] };
    const source = createScriptedSource(wordsForFaces(2, 3));
    const response = respondToRollTable(
      { table: weighted, count: 2, unique: true },
      new Map(),
      source,
      "t",
    );
    if (!response.ok) expect.fail(JSON.stringify(response.problems));
    expect(response.value.result.draws).toEqual([
      { draw: 1, die: "d6", roll: 2, entry: "B", entry_index: 1, range: "2-4" },
      { draw: 2, die: "d3", roll: 3, entry: "C", entry_index: 2, range: "5-6" },
    ]);
  });

  it("finds loaded tables by name and lists them when the name is unknown", () => {
    const tables = new Map([["encounters", table(encounters)]]);
    const source = createScriptedSource(wordsForFaces(5));
    const found = respondToRollTable({ name: "encounters", label: "night" }, tables, source, "t");
    expect(found.ok && found.value.result.draws[0]?.entry).toBe("Orcs");
    expect(found.ok && found.value.result.label).toBe("night");
    expect(respondToRollTable({ name: "loot" }, tables, source, "t")).toEqual({
      ok: false,
      problems: [
        { parameter: "name", issue: 'No table named "loot"; available tables are encounters' },
      ],
    });
  });

  it("bounds count and refuses more unique draws than entries", () => {
    const source = createScriptedSource([]);
    expect(respondToRollTable({ table: encounters, count: 101 }, new Map(), source, "t")).toEqual({
      ok: false,
      problems: [
        {
          parameter: "count",
          issue: "Value 101 exceeds maximum allowed (100)",
          valid_range: "1-100",
        },
      ],
    });
    expect(
      respondToRollTable({ table: encounters, count: 4, unique: true }, new Map(), source, "t"),
    ).toEqual({
      ok: false,
      problems: [
        {
          parameter: "count",
          issue: "Cannot draw 4 different entries from a table of 3",
          valid_range: "1-3",
        },
      ],
    });
  });
});
