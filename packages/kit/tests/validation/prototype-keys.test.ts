import { describe, expect, it } from "vitest";
import * as z from "zod";
import { toJsonSchema } from "../../src/validation/json-schema.js";
import { validateArguments } from "../../src/validation/validate-arguments.js";

const schema = z.strictObject({
  traits: z.record(z.string().regex(/^[a-z_]+$/), z.int().min(-3).max(6)).optional(),
  rows: z.array(z.record(z.string(), z.string())).max(4).optional(),
  level: z.int().min(1).max(10).optional(),
});
const jsonSchema = toJsonSchema(schema, "input");

/** Arguments as they arrive: parsed from JSON text, where `__proto__` is an ordinary key. */
function validate(json: string) {
  return validateArguments(schema, jsonSchema, JSON.parse(json));
}

describe("a __proto__ key in the arguments", () => {
  it("is refused in a record, in range or not, instead of vanishing from a call that succeeds", () => {
    for (const value of [2, 7]) {
      const outcome = validate(`{"traits":{"agility":1,"__proto__":${value}}}`);
      expect(outcome).toEqual({
        ok: false,
        problems: [
          { parameter: "traits.__proto__", issue: "Invalid key; __proto__ is not accepted" },
        ],
      });
    }
  });

  it("is named with its array index, next to the other problems of the call", () => {
    const outcome = validate('{"level":11,"rows":[{"a":"b"},{"__proto__":"x"}]}');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.map((problem) => problem.parameter)).toEqual([
      "level",
      "rows[1].__proto__",
    ]);
  });

  it("is reported once at the top level, where the strict object already calls it unknown", () => {
    const outcome = validate('{"__proto__":{"level":3}}');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toHaveLength(1);
    expect(outcome.problems[0]?.parameter).toBe("__proto__");
  });

  it("leaves keys that merely contain the word alone", () => {
    expect(validate('{"traits":{"proto":1}}')).toEqual({
      ok: true,
      value: { traits: { proto: 1 } },
    });
  });

  it("is named by the ends of its path at the bottom of 5,000 nested arrays", () => {
    const depth = 5_000;
    const outcome = validate(`{"rows":${"[".repeat(depth)}{"__proto__":1}${"]".repeat(depth)}}`);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const parameters = outcome.problems.map((problem) => problem.parameter);
    expect(parameters).toContain(
      `rows${"[0]".repeat(7)}…(4,986 more)…${"[0]".repeat(7)}.__proto__`,
    );
  });
});
