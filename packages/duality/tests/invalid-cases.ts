import type { CallToolResult } from "@modelcontextprotocol/server";
import { expect } from "vitest";

/** One expected entry of `error.details`; `valid_range: null` means the key must be absent. */
export interface ExpectedDetail {
  parameter: string;
  issue: string | RegExp;
  valid_range?: string | null;
}

/** A call that must be refused with the invalid-parameters answer of docs/duality.md §6. */
export interface InvalidCase {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  details: ExpectedDetail[];
}

/**
 * The required error cases of docs/duality.md §6, plus wrong types and several problems at once.
 * Issue wording is the kit's, the same for every server.
 */
export const INVALID_CASES: readonly InvalidCase[] = [
  {
    name: "a Hope die of 0",
    tool: "duality_outcome",
    args: { hope: 0, fear: 5 },
    details: [
      { parameter: "hope", issue: "Value 0 is below minimum allowed (1)", valid_range: "1-12" },
    ],
  },
  {
    name: "a Hope die of 13",
    tool: "duality_outcome",
    args: { hope: 13, fear: 5 },
    details: [
      { parameter: "hope", issue: "Value 13 exceeds maximum allowed (12)", valid_range: "1-12" },
    ],
  },
  {
    name: "a Fear die of 13 in an explanation",
    tool: "duality_explain",
    args: { hope: 5, fear: 13 },
    details: [
      { parameter: "fear", issue: "Value 13 exceeds maximum allowed (12)", valid_range: "1-12" },
    ],
  },
  {
    name: "a missing Hope die",
    tool: "duality_outcome",
    args: { fear: 5 },
    details: [{ parameter: "hope", issue: "Missing required parameter" }],
  },
  {
    name: "a negative difficulty on an action roll",
    tool: "duality_action_roll",
    args: { difficulty: -1 },
    details: [
      {
        parameter: "difficulty",
        issue: "Value -1 is below minimum allowed (0)",
        valid_range: "0-100",
      },
    ],
  },
  {
    name: "a negative difficulty on the odds",
    tool: "duality_probability",
    args: { difficulty: -1 },
    details: [
      {
        parameter: "difficulty",
        issue: "Value -1 is below minimum allowed (0)",
        valid_range: "0-100",
      },
    ],
  },
  {
    name: "a fractional Hope die",
    tool: "duality_outcome",
    args: { hope: 2.5, fear: 5 },
    details: [{ parameter: "hope", issue: /^Expected an integer, received / }],
  },
  {
    name: "a modifier above 100",
    tool: "duality_action_roll",
    args: { modifier: 101 },
    details: [
      {
        parameter: "modifier",
        issue: "Value 101 exceeds maximum allowed (100)",
        valid_range: "-100-100",
      },
    ],
  },
  {
    name: "both an advantage and a disadvantage die",
    tool: "duality_outcome",
    args: { hope: 5, fear: 7, advantage_die: 3, disadvantage_die: 2 },
    details: [
      {
        parameter: "disadvantage_die",
        issue: "advantage_die and disadvantage_die are mutually exclusive",
        valid_range: null,
      },
    ],
  },
  {
    name: "both extra dice on a reaction",
    tool: "duality_reaction_outcome",
    args: { hope: 5, fear: 7, difficulty: 10, advantage_die: 1, disadvantage_die: 6 },
    details: [
      {
        parameter: "disadvantage_die",
        issue: "advantage_die and disadvantage_die are mutually exclusive",
        valid_range: null,
      },
    ],
  },
  {
    name: "a misspelt difficulty",
    tool: "duality_action_roll",
    args: { dificulty: 10 },
    details: [
      {
        parameter: "dificulty",
        issue:
          "Unknown parameter; valid parameters are modifier, difficulty, advantage, disadvantage",
        valid_range: null,
      },
    ],
  },
  {
    name: "a client-supplied rng",
    tool: "duality_action_roll",
    args: { rng: 42 },
    details: [{ parameter: "rng", issue: /^Unknown parameter; valid parameters are / }],
  },
  {
    name: "a reaction roll without difficulty",
    tool: "duality_reaction_roll",
    args: {},
    details: [{ parameter: "difficulty", issue: "Missing required parameter" }],
  },
  {
    name: "a severe threshold below the major one",
    tool: "duality_damage_resolve",
    args: { damage: 7, major_threshold: 10, severe_threshold: 5 },
    details: [
      {
        parameter: "severe_threshold",
        issue: "severe_threshold must be >= major_threshold",
        valid_range: null,
      },
    ],
  },
  {
    name: "a die given as a string",
    tool: "duality_outcome",
    args: { hope: "4", fear: 5 },
    details: [
      { parameter: "hope", issue: "Expected an integer, received string", valid_range: "1-12" },
    ],
  },
  {
    name: "a flag given as a string",
    tool: "duality_damage_resolve",
    args: { damage: 7, major_threshold: 8, severe_threshold: 15, immune: "yes" },
    details: [{ parameter: "immune", issue: "Expected a boolean, received string" }],
  },
  {
    name: "an advantage die of 7",
    tool: "duality_explain",
    args: { hope: 5, fear: 7, advantage_die: 7 },
    details: [
      {
        parameter: "advantage_die",
        issue: "Value 7 exceeds maximum allowed (6)",
        valid_range: "1-6",
      },
    ],
  },
  {
    name: "an empty request_id",
    tool: "duality_explain",
    args: { hope: 5, fear: 7, request_id: "" },
    details: [{ parameter: "request_id", issue: /below minimum/, valid_range: "1-128 characters" }],
  },
  {
    name: "a Hope die of 13 and both extra dice, in one answer",
    tool: "duality_outcome",
    args: { hope: 13, fear: 5, advantage_die: 3, disadvantage_die: 2 },
    details: [
      { parameter: "hope", issue: "Value 13 exceeds maximum allowed (12)", valid_range: "1-12" },
      {
        parameter: "disadvantage_die",
        issue: "advantage_die and disadvantage_die are mutually exclusive",
        valid_range: null,
      },
    ],
  },
  {
    name: "damage out of range and thresholds out of order, in one answer",
    tool: "duality_damage_resolve",
    args: { severe_threshold: 5, damage: -2000, major_threshold: 10 },
    details: [
      {
        parameter: "damage",
        issue: "Value -2000 is below minimum allowed (-1000)",
        valid_range: "-1000-10000",
      },
      {
        parameter: "severe_threshold",
        issue: "severe_threshold must be >= major_threshold",
        valid_range: null,
      },
    ],
  },
  {
    name: "an advantage die of 7 beside a disadvantage die: only the range, which decides the rest",
    tool: "duality_explain",
    args: { hope: 5, fear: 7, advantage_die: 7, disadvantage_die: 2 },
    details: [
      {
        parameter: "advantage_die",
        issue: "Value 7 exceeds maximum allowed (6)",
        valid_range: "1-6",
      },
    ],
  },
  {
    name: "several problems at once, in schema order",
    tool: "duality_outcome",
    args: { hope: 0, fear: 13, difficulty: -5 },
    details: [
      { parameter: "hope", issue: "Value 0 is below minimum allowed (1)", valid_range: "1-12" },
      { parameter: "fear", issue: "Value 13 exceeds maximum allowed (12)", valid_range: "1-12" },
      {
        parameter: "difficulty",
        issue: "Value -5 is below minimum allowed (0)",
        valid_range: "0-100",
      },
    ],
  },
];

/**
 * Asserts the invalid-parameters result of docs/duality.md §6: `isError`, the fixed message, exactly the
 * expected details, and the same JSON as text.
 */
export function expectInvalidParameters(
  result: CallToolResult,
  expected: readonly ExpectedDetail[],
): void {
  expect(result.isError).toBe(true);
  const body = result.structuredContent as {
    error: { message: string; details: Array<Record<string, unknown>> };
  };
  expect(body.error.message).toBe("Invalid parameters provided");
  expect(body.error.details).toHaveLength(expected.length);
  expected.forEach((want, index) => {
    const got = body.error.details[index] ?? {};
    expect(got.parameter).toBe(want.parameter);
    if (typeof want.issue === "string") expect(got.issue).toBe(want.issue);
    else expect(got.issue).toMatch(want.issue);
    if (want.valid_range === null) expect("valid_range" in got).toBe(false);
    else if (want.valid_range !== undefined) expect(got.valid_range).toBe(want.valid_range);
  });
  const [text] = result.content;
  expect(text?.type === "text" ? JSON.parse(text.text) : undefined).toEqual(body);
}
