import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { toJsonSchema } from "../../src/validation/json-schema.js";
import { validateArguments } from "../../src/validation/validate-arguments.js";

const sheetSchema = z.strictObject({
  traits: z.record(z.string().regex(/^[a-z_]+$/), z.int().min(-3).max(6)).optional(),
  profile: z
    .strictObject({
      traits: z.record(z.string().regex(/^[a-z_]+$/), z.int().min(-3).max(6)).optional(),
      hp_max: z.int().min(1).max(30).nullable().optional(),
    })
    .optional(),
  attacks: z
    .array(z.strictObject({ name: z.string().min(1).max(40), bonus: z.int().min(-5).max(10) }))
    .max(8)
    .optional(),
  position: z.tuple([z.int().min(0).max(99), z.int().min(0).max(49)]).optional(),
  tags: z.record(z.string().max(10), z.array(z.string().max(5)).max(3)).optional(),
});
const sheetJson = toJsonSchema(sheetSchema, "input");

function problemsOf(input: unknown) {
  const outcome = validateArguments(sheetSchema, sheetJson, input);
  if (outcome.ok) throw new Error("expected the input to be rejected");
  return outcome.problems;
}

describe("valid_range for nested, array and record parameters", () => {
  it("gives a record value's range (the campaign traits case)", () => {
    expect(problemsOf({ traits: { agility: 7 } })).toEqual([
      {
        parameter: "traits.agility",
        issue: "Value 7 exceeds maximum allowed (6)",
        valid_range: "-3-6",
      },
    ]);
  });

  it("gives the range of a record inside an object, and of a nullable field there", () => {
    expect(problemsOf({ profile: { traits: { strength: -4 }, hp_max: 31 } })).toEqual([
      {
        parameter: "profile.traits.strength",
        issue: "Value -4 is below minimum allowed (-3)",
        valid_range: "-3-6",
      },
      {
        parameter: "profile.hp_max",
        issue: "Value 31 exceeds maximum allowed (30)",
        valid_range: "1-30",
      },
    ]);
  });

  it("gives ranges inside arrays of objects, for numbers and string lengths", () => {
    expect(
      problemsOf({
        attacks: [
          { name: "Bite", bonus: 2 },
          { name: "", bonus: 11 },
        ],
      }),
    ).toEqual([
      {
        parameter: "attacks[1].name",
        issue: "Length 0 is below minimum allowed (1 characters)",
        valid_range: "1-40 characters",
      },
      {
        parameter: "attacks[1].bonus",
        issue: "Value 11 exceeds maximum allowed (10)",
        valid_range: "-5-10",
      },
    ]);
  });

  it("gives the range of each tuple position", () => {
    expect(problemsOf({ position: [100, 50] })).toEqual([
      {
        parameter: "position[0]",
        issue: "Value 100 exceeds maximum allowed (99)",
        valid_range: "0-99",
      },
      {
        parameter: "position[1]",
        issue: "Value 50 exceeds maximum allowed (49)",
        valid_range: "0-49",
      },
    ]);
  });

  it("gives the item count range of an array held in a record", () => {
    expect(problemsOf({ tags: { loot: ["a", "b", "c", "d"] } })).toEqual([
      {
        parameter: "tags.loot",
        issue: "4 items exceed maximum allowed (3)",
        valid_range: "0-3 items",
      },
    ]);
  });

  it("names a record key its pattern refuses, without the value's range", () => {
    expect(problemsOf({ traits: { "Bad Key": 1 } })).toEqual([
      { parameter: "traits.Bad Key", issue: "Invalid key; keys must match ^[a-z_]+$" },
    ]);
  });

  it("gives the value range for any trait name and any out-of-range value", () => {
    fc.assert(
      fc.property(
        // `__proto__` is refused as a key whatever its value (prototype-keys.test.ts).
        fc.stringMatching(/^[a-z_]{1,12}$/).filter((name) => name !== "__proto__"),
        fc.oneof(fc.integer({ min: 7, max: 1000 }), fc.integer({ min: -1000, max: -4 })),
        (name, value) => {
          const [problem, ...rest] = problemsOf({ traits: { [name]: value } });
          return (
            rest.length === 0 &&
            problem?.parameter === `traits.${name}` &&
            problem.valid_range === "-3-6"
          );
        },
      ),
    );
  });
});
