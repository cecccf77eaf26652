import type { CallToolResult } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { createKitServer, defineJsonSchemaTool } from "../src/index.js";
import { connectInMemory } from "../src/testing.js";

const INPUT_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object" as const,
  $defs: { die: { $anchor: "die", type: "integer", enum: [4, 6, 8, 10, 12, 20] } },
  properties: {
    sides: { $ref: "#/$defs/die" },
    advantage: { type: "boolean" },
    disadvantage: { type: "boolean" },
  },
  required: ["sides"],
  if: { properties: { advantage: { const: true } }, required: ["advantage"] },
  // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema 2020-12 keyword
  then: { not: { properties: { disadvantage: { const: true } }, required: ["disadvantage"] } },
  additionalProperties: false,
};

const roll = defineJsonSchemaTool({
  name: "roll_die",
  title: "Roll a die",
  description: "Rolls one die (always its highest face, for the test).",
  inputSchema: INPUT_SCHEMA,
  output: z.object({ rolled: z.number().int() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false },
  handler: (args) => ({ rolled: args.sides as number }),
});

async function connect() {
  const server = createKitServer({ name: "json-schema-test", version: "1.0.0", tools: [roll] });
  return connectInMemory(server);
}

describe("a tool declared with a hand-written JSON Schema", () => {
  it("lists its input schema verbatim, 2020-12 keywords included", async () => {
    const { client, close } = await connect();
    try {
      const [listed] = (await client.listTools()).tools;
      expect(listed?.inputSchema).toEqual(INPUT_SCHEMA);
      expect(listed?.outputSchema?.anyOf).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it("runs the handler on arguments the schema accepts", async () => {
    const { client, close } = await connect();
    try {
      const result = (await client.callTool({
        name: "roll_die",
        arguments: { sides: 20, advantage: true },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ rolled: 20 });
    } finally {
      await close();
    }
  });

  it("answers arguments the schema refuses with the kit's invalid-parameters error", async () => {
    const { client, close } = await connect();
    try {
      for (const args of [
        { sides: 7 },
        { sides: 6, advantage: true, disadvantage: true },
        { sides: 6, luck: 1 },
        {},
      ]) {
        const result = (await client.callTool({
          name: "roll_die",
          arguments: args,
        })) as CallToolResult;
        expect(result.isError, JSON.stringify(args)).toBe(true);
        const error = (result.structuredContent as { error: { message: string; details: unknown } })
          .error;
        expect(error.message).toBe("Invalid parameters provided");
        expect(error.details).toEqual([{ parameter: "arguments", issue: expect.any(String) }]);
      }
    } finally {
      await close();
    }
  });

  it("refuses a schema that is not an object schema", () => {
    expect(() =>
      defineJsonSchemaTool({
        ...roll.listing,
        name: "bad",
        title: "Bad",
        description: "Bad.",
        inputSchema: { type: "array" } as unknown as typeof INPUT_SCHEMA,
        output: z.object({}),
        annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
        handler: () => ({}),
      }),
    ).toThrow(/must be an object schema/);
  });
});
