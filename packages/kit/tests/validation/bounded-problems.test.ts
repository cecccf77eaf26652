import { describe, expect, it } from "vitest";
import * as z from "zod";
import { invalidParametersResult } from "../../src/results.js";
import { toJsonSchema } from "../../src/validation/json-schema.js";
import { validateArguments } from "../../src/validation/validate-arguments.js";

const schema = z.strictObject({ a: z.int().min(0).max(9), b: z.string().max(5).optional() });
const json = toJsonSchema(schema, "input");
const VALID_LIST = "Unknown parameter; valid parameters are a, b";

function answerTo(input: Record<string, unknown>) {
  const outcome = validateArguments(schema, json, input);
  if (outcome.ok) throw new Error("expected the input to be rejected");
  const result = invalidParametersResult(outcome.problems);
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  const details = (
    result.structuredContent as { error: { details: Array<{ parameter: string; issue: string }> } }
  ).error.details;
  return { outcome, text, details };
}

/** `count` unknown keys `k0`, `k1`, … next to a valid `a`. */
function withUnknownKeys(count: number): Record<string, unknown> {
  const input: Record<string, unknown> = { a: 1 };
  for (let index = 0; index < count; index++) input[`k${index}`] = 0;
  return input;
}

describe("invalid-parameters answers stay small whatever the request holds", () => {
  it("lists 20 of 90,000 unknown keys, then counts the rest in one last detail", () => {
    const { text, details } = answerTo(withUnknownKeys(90_000));
    expect(details).toHaveLength(21);
    expect(details.slice(0, 3)).toEqual([
      { parameter: "k0", issue: VALID_LIST },
      { parameter: "k1", issue: "Unknown parameter; valid parameters as above" },
      { parameter: "k2", issue: "Unknown parameter; valid parameters as above" },
    ]);
    expect(details[19]?.parameter).toBe("k19");
    expect(details[20]).toEqual({
      parameter: "arguments",
      issue: "… and 89980 more problems, not listed",
    });
    expect(Buffer.byteLength(text)).toBeLessThan(4_096);
  });

  it("lists the valid names once per object, not once per unknown key", () => {
    const { text } = answerTo(withUnknownKeys(5));
    expect(text.split("valid parameters are").length - 1).toBe(1);
  });

  it("lists every problem when there are 20 or fewer", () => {
    const { details } = answerTo({ ...withUnknownKeys(19), a: 10 });
    expect(details).toHaveLength(20);
    expect(details.map((detail) => detail.parameter)).not.toContain("arguments");
  });

  it("cuts a hostile parameter name instead of repeating a megabyte of it", () => {
    const name = "x".repeat(1_000_000);
    const { text, details } = answerTo({ a: 1, [name]: 1 });
    expect(details[0]?.parameter).toBe(`${"x".repeat(64)}…(1000000 characters)`);
    expect(Buffer.byteLength(text)).toBeLessThan(1_024);
  });
});
