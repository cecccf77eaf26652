import type { Tool } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, DualityError } from "../src/index.js";
import { type Connection, callOk, connectInMemory } from "./harness.js";

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

const RANDOM_TOOLS = new Set(["duality_action_roll", "duality_reaction_roll"]);

describe("createServer", () => {
  let connection: Connection;
  let tools: Tool[];

  beforeAll(async () => {
    connection = await connectInMemory();
    tools = (await connection.client.listTools()).tools;
  });
  afterAll(() => connection.close());

  it("lists the eight tools docs/duality.md names, in its order", () => {
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
  });

  it("introduces itself as tabletop-duality with instructions", () => {
    expect(connection.client.getServerVersion()?.name).toBe("tabletop-duality");
    expect(connection.client.getInstructions()).toContain("duality_action_roll");
  });

  it("marks every tool read-only, non-destructive and closed-world, idempotent unless it rolls", () => {
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        openWorldHint: false,
        idempotentHint: !RANDOM_TOOLS.has(tool.name),
      });
    }
  });

  it("declares an output schema and a description for every tool", () => {
    for (const tool of tools) {
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.description?.length ?? 0).toBeGreaterThan(100);
    }
  });

  it("advertises strict inputs with the ranges of docs/duality.md §2.1", () => {
    const outcome = tools.find((tool) => tool.name === "duality_outcome");
    const schema = outcome?.inputSchema as {
      additionalProperties?: boolean;
      required?: string[];
      properties: Record<string, { minimum?: number; maximum?: number }>;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required?.sort()).toEqual(["fear", "hope"]);
    expect(Object.keys(schema.properties)).toEqual([
      "hope",
      "fear",
      "modifier",
      "difficulty",
      "advantage_die",
      "disadvantage_die",
    ]);
    expect(schema.properties.hope).toMatchObject({ minimum: 1, maximum: 12 });
    expect(schema.properties.modifier).toMatchObject({ minimum: -100, maximum: 100 });
    expect(schema.properties.difficulty).toMatchObject({ minimum: 0, maximum: 100 });
    expect(schema.properties.advantage_die).toMatchObject({ minimum: 1, maximum: 6 });
  });

  it("replays the dice of docs/dice.md §7's seed tabletop in every fresh server", async () => {
    // The first three xoshiro128** words for "tabletop" (docs/dice.md §7) are all below the d12 and
    // d6 rejection limit (2^32 - 4), so each face is word mod sides + 1.
    const expected = {
      hope: (3899502165 % 12) + 1,
      fear: (2334157818 % 12) + 1,
      advantage_die: (2105672425 % 6) + 1,
    };
    for (let session = 0; session < 2; session++) {
      const seeded = await connectInMemory({ seed: "tabletop" });
      const result = await callOk(seeded.client, "duality_action_roll", {
        difficulty: 15,
        advantage: 1,
      });
      await seeded.close();
      expect(result).toMatchObject(expected);
      expect(result.total).toBe(expected.hope + expected.fear + expected.advantage_die);
    }
  });

  it("refuses an empty replay seed", () => {
    expect(() => createServer({ seed: "" })).toThrow(DualityError);
  });
});
