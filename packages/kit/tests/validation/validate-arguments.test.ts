import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { toJsonSchema } from "../../src/validation/json-schema.js";
import { validateArguments } from "../../src/validation/validate-arguments.js";

const rollSchema = z.strictObject({
  dice_count: z.int().min(1).max(1000),
  dice_sides: z.int().min(1).max(100),
  modifier: z.int().min(-100).max(100).optional(),
  mode: z.enum(["sum", "count"]).optional(),
  reroll: z.array(z.int().min(1).max(100)).max(10).optional(),
  label: z.string().min(1).max(20).optional(),
  rolls: z
    .array(z.strictObject({ dice_sides: z.int().min(1).max(100) }))
    .max(5)
    .optional(),
});
const rollJson = toJsonSchema(rollSchema, "input");

function problemsOf(input: unknown) {
  const outcome = validateArguments(rollSchema, rollJson, input);
  if (outcome.ok) throw new Error("expected the input to be rejected");
  return outcome.problems;
}

describe("validateArguments", () => {
  it("accepts valid arguments and returns the parsed value", () => {
    const outcome = validateArguments(rollSchema, rollJson, { dice_count: 4, dice_sides: 6 });
    expect(outcome).toEqual({ ok: true, value: { dice_count: 4, dice_sides: 6 } });
  });

  it("reports a value above the maximum with the full valid range", () => {
    expect(problemsOf({ dice_count: 1500, dice_sides: 6 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Value 1500 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
      },
    ]);
  });

  it("reports a value below the minimum, writing negative ranges with their sign", () => {
    expect(problemsOf({ dice_count: 1, dice_sides: 6, modifier: -101 })).toEqual([
      {
        parameter: "modifier",
        issue: "Value -101 is below minimum allowed (-100)",
        valid_range: "-100-100",
      },
    ]);
  });

  it("names a missing required parameter", () => {
    expect(problemsOf({ dice_sides: 6 })).toEqual([
      { parameter: "dice_count", issue: "Missing required parameter", valid_range: "1-1000" },
    ]);
  });

  it("does not coerce a string to an integer and names the received JSON type", () => {
    expect(problemsOf({ dice_count: "4", dice_sides: 6 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Expected an integer, received string",
        valid_range: "1-1000",
      },
    ]);
  });

  it("rejects a fractional number where an integer is expected, naming its JSON type", () => {
    expect(problemsOf({ dice_count: 2.5, dice_sides: 6 })[0]?.issue).toBe(
      "Expected an integer, received number",
    );
  });

  it("rejects unknown parameters and lists the valid ones", () => {
    expect(problemsOf({ dice_count: 1, dice_sides: 6, sides: 6 })).toEqual([
      {
        parameter: "sides",
        issue:
          "Unknown parameter; valid parameters are dice_count, dice_sides, modifier, mode, reroll, label, rolls",
      },
    ]);
  });

  it("lists the accepted values of an enum", () => {
    expect(problemsOf({ dice_count: 1, dice_sides: 6, mode: "max" })).toEqual([
      { parameter: "mode", issue: "Expected one of: sum, count" },
    ]);
  });

  it("names nested parameters by path", () => {
    expect(
      problemsOf({ dice_count: 1, dice_sides: 6, rolls: [{ dice_sides: 6 }, { dice_sides: 0 }] }),
    ).toEqual([
      {
        parameter: "rolls[1].dice_sides",
        issue: "Value 0 is below minimum allowed (1)",
        valid_range: "1-100",
      },
    ]);
    expect(problemsOf({ dice_count: 1, dice_sides: 6, reroll: [1, 200] })[0]).toMatchObject({
      parameter: "reroll[1]",
      valid_range: "1-100",
    });
  });

  it("reports string and array lengths with their units", () => {
    const problems = problemsOf({
      dice_count: 1,
      dice_sides: 6,
      label: "x".repeat(21),
      reroll: Array(11).fill(1),
    });
    expect(problems).toEqual([
      {
        parameter: "reroll",
        issue: "11 items exceed maximum allowed (10)",
        valid_range: "0-10 items",
      },
      {
        parameter: "label",
        issue: "Length 21 exceeds maximum allowed (20 characters)",
        valid_range: "1-20 characters",
      },
    ]);
  });

  it("treats null for an optional parameter as absent but not for a required one", () => {
    expect(
      validateArguments(rollSchema, rollJson, { dice_count: 2, dice_sides: 6, modifier: null }),
    ).toEqual({
      ok: true,
      value: { dice_count: 2, dice_sides: 6 },
    });
    expect(problemsOf({ dice_count: null, dice_sides: 6 })[0]?.issue).toBe(
      "Expected an integer, received null",
    );
  });

  it("reports every problem of one request together", () => {
    const problems = problemsOf({ dice_count: 0, dice_sides: 101, mode: 3, extra: true });
    expect(problems.map((problem) => problem.parameter)).toEqual([
      "dice_count",
      "dice_sides",
      "mode",
      "extra",
    ]);
  });

  it("states the schema's own bound for integers beyond the safe range", () => {
    expect(problemsOf({ dice_count: 1e20, dice_sides: 6 })).toEqual([
      {
        parameter: "dice_count",
        issue: "Value 100000000000000000000 exceeds maximum allowed (1000)",
        valid_range: "1-1000",
      },
    ]);
  });

  it("treats absent arguments as an empty object", () => {
    expect(problemsOf(undefined).map((problem) => problem.issue)).toEqual([
      "Missing required parameter",
      "Missing required parameter",
    ]);
  });

  it.each([
    ["string", z.string()],
    ["integer", z.int().min(1).max(6)],
    ["boolean", z.boolean()],
    ["array", z.array(z.string())],
    ["object", z.strictObject({ level: z.int() })],
    ["enum", z.enum(["A", "B", "C"])],
    ["literal", z.literal("on")],
    ["union", z.union([z.string(), z.int()])],
  ])("names a missing required %s parameter as missing", (_type, field) => {
    const schema = z.strictObject({ name: z.string(), field });
    const outcome = validateArguments(schema, toJsonSchema(schema, "input"), { name: "x" });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map(({ parameter, issue }) => ({ parameter, issue }))).toEqual([
      { parameter: "field", issue: "Missing required parameter" },
    ]);
  });

  it("names a missing required parameter inside an array item by its path", () => {
    const schema = z.strictObject({ rolls: z.array(z.strictObject({ mode: z.enum(["A", "B"]) })) });
    const outcome = validateArguments(schema, toJsonSchema(schema, "input"), { rolls: [{}] });
    expect(outcome).toEqual({
      ok: false,
      problems: [{ parameter: "rolls[0].mode", issue: "Missing required parameter" }],
    });
  });

  it.each([
    ["a string", "4", "string"],
    ["a number", 4, "number"],
    ["an array", [{ dice_count: 1 }], "array"],
    ["null", null, "null"],
  ])("names the arguments themselves when they are %s, not an object", (_what, raw, type) => {
    expect(problemsOf(raw)).toEqual([
      { parameter: "arguments", issue: `Expected an object, received ${type}` },
    ]);
  });

  it.each(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"])(
    "rejects %s as an unknown parameter, whatever it holds",
    (key) => {
      for (const value of [5, null, { dice_count: 1, dice_sides: 6 }]) {
        const raw = JSON.parse(
          `{"dice_count":1,"dice_sides":6,${JSON.stringify(key)}:${JSON.stringify(value)}}`,
        );
        expect(problemsOf(raw)).toEqual([
          {
            parameter: key,
            issue:
              "Unknown parameter; valid parameters are dice_count, dice_sides, modifier, mode, reroll, label, rolls",
          },
        ]);
      }
    },
  );

  it("does not take parameters from an object under __proto__", () => {
    const raw = JSON.parse('{"__proto__":{"dice_count":1,"dice_sides":6}}');
    expect(problemsOf(raw).map((problem) => [problem.parameter, problem.issue])).toEqual([
      ["dice_count", "Missing required parameter"],
      ["dice_sides", "Missing required parameter"],
      [
        "__proto__",
        "Unknown parameter; valid parameters are dice_count, dice_sides, modifier, mode, reroll, label, rolls",
      ],
    ]);
  });

  it("never throws and always answers with a value or named problems, whatever JSON arrives", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (input) => {
        const outcome = validateArguments(rollSchema, rollJson, input);
        if (outcome.ok) return true;
        expect(outcome.problems.length).toBeGreaterThan(0);
        for (const problem of outcome.problems) expect(problem.issue.length).toBeGreaterThan(0);
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on objects with random keys and values near the real parameters", () => {
    const key = fc.constantFrom(
      "dice_count",
      "dice_sides",
      "modifier",
      "mode",
      "reroll",
      "label",
      "rolls",
      "x",
    );
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 3 })), (input) => {
        const outcome = validateArguments(rollSchema, rollJson, input);
        expect(outcome.ok || outcome.problems.length > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
