import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Connection, call, connectInMemory } from "./harness.js";

const TOOL_NAMES = [
  "duality_rules_version",
  "duality_action_roll",
  "duality_outcome",
  "duality_explain",
  "duality_probability",
  "duality_reaction_roll",
  "duality_reaction_outcome",
  "duality_damage_resolve",
];

/** Parameter names of every tool, so random arguments often hit real ones. */
const KNOWN_NAMES = [
  "hope",
  "fear",
  "modifier",
  "difficulty",
  "advantage",
  "disadvantage",
  "advantage_die",
  "disadvantage_die",
  "request_id",
  "damage",
  "major_threshold",
  "severe_threshold",
  "immune",
  "resistant",
  "massive_damage",
  "mark_armor_slot",
  "direct",
];

const value = fc.oneof(
  fc.integer({ min: -200, max: 200 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const argumentsArbitrary = fc.oneof(
  fc.dictionary(fc.constantFrom(...KNOWN_NAMES), value, { maxKeys: 8 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

describe("any JSON arguments", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
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
          expect(body.error).toMatchObject({ message: "Invalid parameters provided" });
        } else {
          expect("error" in body).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
    expect((await call(connection.client, "duality_rules_version", {})).isError).toBeFalsy();
  });
});
