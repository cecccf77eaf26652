import type { CallToolResult } from "@modelcontextprotocol/server";
import { expect } from "vitest";
import { assertTextMatchesStructured } from "./harness.js";

/** One expected entry of `error.details`; `valid_range: null` means the key must be absent. */
export interface ExpectedDetail {
  parameter: string;
  issue: string | RegExp;
  valid_range?: string | null;
  position?: number;
}

/** A call that must be refused with the invalid-parameters answer of docs/dice.md §2.3. */
export interface InvalidCase {
  name: string;
  tool: string;
  args: unknown;
  details: ExpectedDetail[];
  /** When set, the details may come in any order. */
  unordered?: boolean;
}

const SELECTION_CONFLICT =
  "Cannot be combined with keep_highest; use only one of keep_highest, keep_lowest, drop_highest, drop_lowest";
const ROLL_DICE_NAMES =
  "dice_count, dice_sides, modifier, keep_highest, keep_lowest, drop_highest, drop_lowest, reroll, exploding, target_number, min_value";
const d6 = { dice_count: 4, dice_sides: 6 };

/**
 * The invalid requests of docs/dice.md (§2 ranges and cross-parameter rules, §5 batch bounds, §6
 * notation errors, §9 work bound, §10 tables), with the wording it fixes. Where it fixes none,
 * only the parameter (and a key phrase) is checked.
 */
export const INVALID_CASES: readonly InvalidCase[] = [
  {
    name: "a label with a right-to-left override",
    tool: "roll_dice",
    args: { ...d6, label: "attack \u202Egnp.exe" },
    details: [
      {
        parameter: "label",
        issue: /^Contains U\+202E \(a bidirectional control\) at character 8; names take/,
      },
    ],
  },
  {
    name: "a label with a zero-width space",
    tool: "roll_multiple",
    args: { rolls: [{ ...d6, label: "attack\u200B" }] },
    details: [
      { parameter: "rolls[0].label", issue: /^Contains U\+200B \(an invisible format character\)/ },
    ],
  },
  {
    name: "a table label with a control character",
    tool: "roll_table",
    args: { table: { entries: ["a", "b"] }, label: "loot\u0007" },
    details: [{ parameter: "label", issue: /^Contains U\+0007 \(a control character\)/ }],
  },
  {
    name: "a table name with a bidi isolate",
    tool: "roll_table",
    args: { table: { name: "loot\u2067", entries: ["a", "b"] } },
    details: [{ parameter: "table.name", issue: /^Contains U\+2067 \(a bidirectional control\)/ }],
  },
  {
    name: "a table entry with a right-to-left override",
    tool: "roll_table",
    args: { table: { entries: ["a", "gold \u202Eexe.gnp"] } },
    details: [
      { parameter: "table.entries[1]", issue: /^Contains U\+202E \(a bidirectional control\)/ },
    ],
  },
  {
    name: "1500 dice (docs/dice.md §2.3's example)",
    tool: "roll_dice",
    args: { dice_count: 1500, dice_sides: 6 },
    details: [
      {
        parameter: "dice_count",
        issue: "Value 1500 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
      },
    ],
  },
  {
    name: "no dice",
    tool: "roll_dice",
    args: { dice_count: 0, dice_sides: 6 },
    details: [
      {
        parameter: "dice_count",
        issue: "Value 0 is below minimum allowed (1)",
        valid_range: "1-1000",
      },
    ],
  },
  {
    name: "a d101",
    tool: "roll_dice",
    args: { dice_count: 1, dice_sides: 101 },
    details: [
      {
        parameter: "dice_sides",
        issue: "Value 101 exceeds maximum allowed (100)",
        valid_range: "1-100",
      },
    ],
  },
  {
    name: "a missing dice_count",
    tool: "roll_dice",
    args: { dice_sides: 6 },
    details: [{ parameter: "dice_count", issue: "Missing required parameter" }],
  },
  {
    name: "a dice count sent as a string",
    tool: "roll_dice",
    args: { dice_count: "4", dice_sides: 6 },
    details: [{ parameter: "dice_count", issue: "Expected an integer, received string" }],
  },
  {
    name: "a fractional modifier",
    tool: "roll_dice",
    args: { ...d6, modifier: 1.5 },
    details: [
      {
        parameter: "modifier",
        issue: "Expected an integer, received number",
        valid_range: "-10000-10000",
      },
    ],
  },
  {
    name: "a modifier beyond 10000",
    tool: "roll_dice",
    args: { ...d6, modifier: 10001 },
    details: [
      {
        parameter: "modifier",
        issue: "Value 10001 exceeds maximum allowed (10000)",
        valid_range: "-10000-10000",
      },
    ],
  },
  {
    name: "sides written for dice_sides",
    tool: "roll_dice",
    args: { ...d6, sides: 6 },
    details: [
      {
        parameter: "sides",
        issue: `Unknown parameter; valid parameters are ${ROLL_DICE_NAMES}, label`,
      },
    ],
  },
  {
    name: "keep_highest with keep_lowest",
    tool: "roll_dice",
    args: { ...d6, keep_highest: 3, keep_lowest: 1 },
    details: [{ parameter: "keep_lowest", issue: SELECTION_CONFLICT, valid_range: null }],
  },
  {
    name: "keep_highest with drop_lowest",
    tool: "roll_dice",
    args: { ...d6, keep_highest: 3, drop_lowest: 1 },
    details: [{ parameter: "drop_lowest", issue: SELECTION_CONFLICT, valid_range: null }],
  },
  {
    name: "keeping more dice than rolled",
    tool: "roll_dice",
    args: { ...d6, keep_highest: 5 },
    details: [
      {
        parameter: "keep_highest",
        issue: "Value 5 exceeds maximum allowed (4)",
        valid_range: "1-4",
      },
    ],
  },
  {
    name: "keeping no die",
    tool: "roll_dice",
    args: { ...d6, keep_lowest: 0 },
    details: [
      {
        parameter: "keep_lowest",
        issue: "Value 0 is below minimum allowed (1)",
        valid_range: "1-4",
      },
    ],
  },
  {
    name: "dropping every die",
    tool: "roll_dice",
    args: { ...d6, drop_highest: 4 },
    details: [
      {
        parameter: "drop_highest",
        issue: "Value 4 exceeds maximum allowed (3)",
        valid_range: "1-3",
      },
    ],
  },
  {
    name: "dropping from a single die",
    tool: "roll_dice",
    args: { dice_count: 1, dice_sides: 20, drop_lowest: 1 },
    details: [
      {
        parameter: "drop_lowest",
        issue: "Nothing can be dropped from a single die",
        valid_range: null,
      },
    ],
  },
  {
    name: "rerolling every face",
    tool: "roll_dice",
    args: { ...d6, reroll: [1, 2, 3, 4, 5, 6] },
    details: [{ parameter: "reroll", issue: "Rerolling every face of a d6 is meaningless" }],
  },
  {
    name: "rerolling on a d1",
    tool: "roll_dice",
    args: { dice_count: 2, dice_sides: 1, reroll: [1] },
    details: [{ parameter: "reroll", issue: "Rerolling every face of a d1 is meaningless" }],
  },
  {
    name: "rerolling a face the die does not have",
    tool: "roll_dice",
    args: { ...d6, reroll: [1, 7] },
    details: [
      { parameter: "reroll[1]", issue: "Value 7 exceeds maximum allowed (6)", valid_range: "1-6" },
    ],
  },
  {
    name: "more than 100 reroll entries",
    tool: "roll_dice",
    args: { ...d6, reroll: Array.from({ length: 101 }, () => 1) },
    details: [{ parameter: "reroll", issue: /101.*100/ }],
  },
  {
    name: "an exploding d1",
    tool: "roll_dice",
    args: { dice_count: 3, dice_sides: 1, exploding: true },
    details: [
      { parameter: "exploding", issue: "A d1 always shows its maximum and would explode forever" },
    ],
  },
  {
    name: "exploding sent as a string",
    tool: "roll_dice",
    args: { ...d6, exploding: "yes" },
    details: [{ parameter: "exploding", issue: "Expected a boolean, received string" }],
  },
  {
    name: "a minimum above the faces",
    tool: "roll_dice",
    args: { ...d6, min_value: 7 },
    details: [
      { parameter: "min_value", issue: "Value 7 exceeds maximum allowed (6)", valid_range: "1-6" },
    ],
  },
  {
    name: "a target number above the faces",
    tool: "roll_dice",
    args: { ...d6, target_number: 7 },
    details: [
      {
        parameter: "target_number",
        issue: "Value 7 exceeds maximum allowed (6)",
        valid_range: "1-6",
      },
    ],
  },
  {
    name: "a target number beyond an exploding die's reach",
    tool: "roll_dice",
    args: { ...d6, exploding: true, target_number: 607 },
    details: [
      {
        parameter: "target_number",
        issue: "Value 607 exceeds maximum allowed (606)",
        valid_range: "1-606",
      },
    ],
  },
  {
    name: "an empty label",
    tool: "roll_dice",
    args: { ...d6, label: "" },
    details: [{ parameter: "label", issue: /below minimum/ }],
  },
  {
    name: "a range problem and a selection conflict at once",
    tool: "roll_dice",
    args: { ...d6, keep_highest: 2, keep_lowest: 1, min_value: 9 },
    unordered: true,
    details: [
      { parameter: "keep_lowest", issue: SELECTION_CONFLICT },
      { parameter: "min_value", issue: "Value 9 exceeds maximum allowed (6)", valid_range: "1-6" },
    ],
  },
  {
    name: "1500 dice and a second selection, in one answer (docs/dice.md §2.3's example)",
    tool: "roll_dice",
    args: { dice_count: 1500, dice_sides: 6, keep_highest: 3, keep_lowest: 1 },
    details: [
      {
        parameter: "dice_count",
        issue: "Value 1500 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
      },
      { parameter: "keep_lowest", issue: SELECTION_CONFLICT, valid_range: null },
    ],
  },
  {
    name: "a string modifier and a minimum above the faces, in table order",
    tool: "roll_dice",
    args: { min_value: 7, modifier: "2", ...d6 },
    details: [
      { parameter: "modifier", issue: "Expected an integer, received string" },
      { parameter: "min_value", issue: "Value 7 exceeds maximum allowed (6)", valid_range: "1-6" },
    ],
  },
  {
    name: "an empty batch",
    tool: "roll_multiple",
    args: { rolls: [] },
    details: [{ parameter: "rolls", issue: "Must contain at least 1 roll", valid_range: "1-50" }],
  },
  {
    name: "51 configurations",
    tool: "roll_multiple",
    args: { rolls: Array.from({ length: 51 }, () => ({ dice_count: 1, dice_sides: 6 })) },
    details: [{ parameter: "rolls", issue: /51/, valid_range: "1-50" }],
  },
  {
    name: "a count of 101",
    tool: "roll_multiple",
    args: { rolls: [{ dice_count: 1, dice_sides: 6 }], count: 101 },
    details: [
      {
        parameter: "count",
        issue: "Value 101 exceeds maximum allowed (100)",
        valid_range: "1-100",
      },
    ],
  },
  {
    name: "a bad item, named by its path",
    tool: "roll_multiple",
    args: {
      rolls: [
        { dice_count: 1, dice_sides: 20 },
        { dice_count: 1, dice_sides: 8 },
        { dice_count: 2, dice_sides: 0 },
      ],
    },
    details: [
      {
        parameter: "rolls[2].dice_sides",
        issue: "Value 0 is below minimum allowed (1)",
        valid_range: "1-100",
      },
    ],
  },
  {
    name: "a selection conflict inside an item",
    tool: "roll_multiple",
    args: { rolls: [{ ...d6, keep_highest: 1, keep_lowest: 1 }] },
    details: [{ parameter: "rolls[0].keep_lowest", issue: SELECTION_CONFLICT }],
  },
  {
    name: "an unknown key inside an item",
    tool: "roll_multiple",
    args: { rolls: [d6, { dice_count: 1, dice_sides: 6, sides: 6 }] },
    details: [
      { parameter: "rolls[1].sides", issue: /^Unknown parameter; valid parameters are dice_count/ },
    ],
  },
  {
    name: "12,000 dice over 100 sets (docs/dice.md §5's example)",
    tool: "roll_multiple",
    args: { rolls: [{ dice_count: 120, dice_sides: 6 }], count: 100 },
    details: [
      {
        parameter: "count",
        issue:
          "Total dice requested 12000 (120 per set × 100 sets) exceeds maximum allowed (10000)",
        valid_range: "1-83",
      },
    ],
  },
  {
    name: "10,001 dice in one set",
    tool: "roll_multiple",
    args: {
      rolls: [
        ...Array.from({ length: 10 }, () => ({ dice_count: 1000, dice_sides: 6 })),
        { dice_count: 1, dice_sides: 6 },
      ],
    },
    details: [{ parameter: "rolls", issue: /Total dice requested 10001 .*\(10000\)/ }],
  },
  {
    name: "a stray character at the end of notation (docs/dice.md §6's example)",
    tool: "roll",
    args: { notation: "4d6kh3x" },
    details: [
      {
        parameter: "notation",
        issue:
          "Unexpected 'x' at position 7; expected a modifier (kh, kl, dh, dl, k, d, !, r, ro, min, >=, >, +, -) or the end",
        position: 7,
      },
    ],
  },
  {
    name: "keeping more dice than the notation rolls",
    tool: "roll",
    args: { notation: "4d6kh5" },
    details: [
      {
        parameter: "notation",
        issue: "keep highest 5 exceeds the number of dice (4)",
        valid_range: "1-4",
        position: 4,
      },
    ],
  },
  {
    name: "two dice groups",
    tool: "roll",
    args: { notation: "1d20+1d4" },
    details: [
      {
        parameter: "notation",
        issue: /only one dice group per notation; use roll_multiple for several/,
      },
    ],
  },
  {
    name: "blank notation",
    tool: "roll",
    args: { notation: "   " },
    details: [{ parameter: "notation", issue: /expected dice such as 2d6/, position: 1 }],
  },
  {
    name: "notation cut short",
    tool: "roll",
    args: { notation: "4d6kh" },
    details: [{ parameter: "notation", issue: /position 6/, position: 6 }],
  },
  {
    name: "reroll-until notation",
    tool: "roll",
    args: { notation: "4d6rr1" },
    details: [{ parameter: "notation", issue: /rr/ }],
  },
  {
    name: "a notation longer than 200 characters",
    tool: "roll",
    args: { notation: `1d6${"+1".repeat(100)}` },
    details: [
      {
        parameter: "notation",
        issue: "Length 203 exceeds maximum allowed (200 characters)",
        valid_range: "1-200 characters",
      },
    ],
  },
  {
    name: "a mistake in the notation and a label too long, in one answer",
    tool: "roll",
    args: { label: "x".repeat(101), notation: "4d6kh5" },
    details: [
      {
        parameter: "notation",
        issue: "keep highest 5 exceeds the number of dice (4)",
        valid_range: "1-4",
        position: 4,
      },
      { parameter: "label", issue: /^Length 101 exceeds maximum allowed/ },
    ],
  },
  {
    name: "a missing notation",
    tool: "roll",
    args: { label: "attack" },
    details: [{ parameter: "notation", issue: "Missing required parameter" }],
  },
  {
    name: "an exact distribution too costly to compute",
    tool: "dice_probability",
    args: { dice_count: 1000, dice_sides: 100 },
    details: [
      {
        parameter: "dice_count",
        issue:
          /^Exact computation would take about \d+ steps \(limit 200000000\); use fewer dice or fewer sides$/,
      },
    ],
  },
  {
    name: "a label for the odds",
    tool: "dice_probability",
    args: { ...d6, label: "attack" },
    details: [
      {
        parameter: "label",
        issue: `Unknown parameter; valid parameters are ${ROLL_DICE_NAMES}, at_least`,
      },
    ],
  },
  {
    name: "a threshold beyond ten million",
    tool: "dice_probability",
    args: { ...d6, at_least: [3, 100000000] },
    details: [
      {
        parameter: "at_least[1]",
        issue: "Value 100000000 exceeds maximum allowed (10000000)",
        valid_range: "-10000000-10000000",
      },
    ],
  },
  {
    name: "an exploding d1 and 51 thresholds, in one answer",
    tool: "dice_probability",
    args: {
      at_least: Array.from({ length: 51 }, (_, index) => index),
      dice_count: 2,
      dice_sides: 1,
      exploding: true,
    },
    details: [
      { parameter: "exploding", issue: "A d1 always shows its maximum and would explode forever" },
      { parameter: "at_least", issue: /^51 items exceed maximum allowed \(50\)$/ },
    ],
  },
  {
    name: "a table roll with no table",
    tool: "roll_table",
    args: { count: 2 },
    details: [{ parameter: "table", issue: /^Missing required parameter/ }],
  },
  {
    name: "overlapping table ranges",
    tool: "roll_table",
    args: {
      table: {
        entries: [
          { text: "Goblins", range: "1-3" },
          { text: "Wolves", range: "3-6" },
        ],
      },
    },
    details: [
      {
        parameter: "table.entries[1].range",
        issue: /entries\[1\] \("Wolves", 3-6\) overlaps entries\[0\] \("Goblins", 1-3\)/,
      },
    ],
  },
  {
    name: "a gap between table ranges",
    tool: "roll_table",
    args: {
      table: {
        die: "d6",
        entries: [
          { text: "Goblins", range: "1-2" },
          { text: "Wolves", range: "4-6" },
        ],
      },
    },
    details: [
      {
        parameter: "table.entries",
        issue: /3 .*not covered.*entries\[0\] \("Goblins", 1-2\).*entries\[1\] \("Wolves", 4-6\)/,
      },
    ],
  },
  {
    name: "overlapping table ranges and a count of 0, in one answer",
    tool: "roll_table",
    args: {
      count: 0,
      table: {
        entries: [
          { text: "Goblins", range: "1-3" },
          { text: "Wolves", range: "3-6" },
        ],
      },
    },
    details: [
      { parameter: "table.entries[1].range", issue: /overlaps entries\[0\]/ },
      { parameter: "count", issue: "Value 0 is below minimum allowed (1)", valid_range: "1-100" },
    ],
  },
  {
    name: "a table name the server does not know",
    tool: "roll_table",
    args: { name: "dragons" },
    details: [{ parameter: "name", issue: /No table named "dragons"/ }],
  },
  {
    name: "more unique draws than entries",
    tool: "roll_table",
    args: { table: { entries: ["a", "b"] }, count: 3, unique: true },
    details: [{ parameter: "count", issue: /3.*2/, valid_range: "1-2" }],
  },
];

/**
 * Checks a refused call: `isError`, the `Invalid parameters provided` body as
 * structured content and as the same JSON text, and the expected details.
 */
export function expectInvalidParameters(
  result: CallToolResult,
  expected: readonly ExpectedDetail[],
  unordered = false,
): void {
  expect(result.isError).toBe(true);
  assertTextMatchesStructured(result);
  const body = result.structuredContent as {
    error: { message: string; details: Record<string, unknown>[] };
  };
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.message).toBe("Invalid parameters provided");
  const details = body.error.details;
  expect(details).toHaveLength(expected.length);
  expected.forEach((detail, index) => {
    const actual = unordered
      ? details.find((candidate) => candidate.parameter === detail.parameter)
      : details[index];
    expect(actual?.parameter).toBe(detail.parameter);
    if (typeof detail.issue === "string") expect(actual?.issue).toBe(detail.issue);
    else expect(actual?.issue).toMatch(detail.issue);
    if (detail.valid_range === null) expect(actual).not.toHaveProperty("valid_range");
    else if (detail.valid_range !== undefined) expect(actual?.valid_range).toBe(detail.valid_range);
    if (detail.position !== undefined) expect(actual?.position).toBe(detail.position);
  });
}
