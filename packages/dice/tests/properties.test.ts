import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, call, connectInMemory } from "./harness.js";

const TOOL_NAMES = ["roll_dice", "roll_multiple", "roll", "dice_probability", "roll_table"];

/** Parameter names of every tool, so random arguments often hit real ones. */
const KNOWN_NAMES = [
  "dice_count",
  "dice_sides",
  "modifier",
  "keep_highest",
  "keep_lowest",
  "drop_highest",
  "drop_lowest",
  "reroll",
  "exploding",
  "target_number",
  "min_value",
  "label",
  "rolls",
  "count",
  "notation",
  "at_least",
  "table",
  "name",
  "unique",
];

const smallInteger = fc.integer({ min: -3, max: 30 });
const value = fc.oneof(
  smallInteger,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.array(smallInteger, { maxLength: 8 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const rollDiceLike = fc.dictionary(fc.constantFrom(...KNOWN_NAMES.slice(0, 12)), value, {
  maxKeys: 6,
});
const notation = fc
  .array(
    fc.constantFrom(
      "4",
      "d",
      "6",
      "20",
      "%",
      "k",
      "h",
      "l",
      "3",
      "!",
      "r",
      "o",
      "{1,2}",
      "min",
      ">=",
      ">",
      "+",
      "-",
      " ",
      "x",
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(""));
const table = fc.record({
  die: fc.oneof(fc.constantFrom("d6", "d4", "d20"), smallInteger),
  entries: fc.array(
    fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.record({ text: fc.string({ maxLength: 8 }), weight: smallInteger }),
      fc.record({
        text: fc.string({ maxLength: 8 }),
        range: fc.constantFrom("1-3", "4", "4-6", "2-9", "0"),
      }),
    ),
    { maxLength: 5 },
  ),
});

const argumentsArbitrary = fc.oneof(
  fc.dictionary(fc.constantFrom(...KNOWN_NAMES), value, { maxKeys: 8 }),
  rollDiceLike,
  fc.record({ rolls: fc.array(rollDiceLike, { maxLength: 4 }), count: fc.option(smallInteger) }),
  fc.record({ notation, label: fc.option(fc.string({ maxLength: 5 })) }),
  fc.record({ table, count: fc.option(smallInteger), unique: fc.option(fc.boolean()) }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

describe("any JSON arguments", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory({ seed: "properties" });
  });
  afterAll(() => connection.close());

  it("always get a result, an answer or an invalid-parameters error, never a crash", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TOOL_NAMES), argumentsArbitrary, async (tool, args) => {
        const result = await call(connection.client, tool, args);
        const [text] = result.content;
        expect(text?.type).toBe("text");
        const body = result.structuredContent as Record<string, unknown>;
        if (result.isError) {
          expect(Object.keys(body)).toEqual(["error"]);
          expect(body.error).toMatchObject({ message: "Invalid parameters provided" });
        } else {
          expect("error" in body).toBe(false);
          expect(body.metadata).toBeDefined();
        }
      }),
      { numRuns: 500 },
    );
    const after = await call(connection.client, "roll_dice", { dice_count: 1, dice_sides: 1 });
    expect(after.structuredContent).toMatchObject({ result: { total: 1 } });
  });
});
