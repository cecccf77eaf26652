import { describe, expect, it } from "vitest";
import * as z from "zod";
import { LOCAL_IDENTITY } from "../src/auth/index.js";
import { defineTool, silentLogger, type ToolContext } from "../src/index.js";

const counts = z.object({
  total: z.number().int(),
  floor: z.number().int().min(0),
  ceiling: z.number().int().max(1000),
  ratio: z.number(),
});

const tool = defineTool({
  name: "count_things",
  title: "Count things",
  description: "Counts.",
  input: z.strictObject({ limit: z.number().int() }),
  output: counts,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: () => ({ total: 3, floor: 0, ceiling: 9, ratio: 0.5 }),
});

/** The tool's own branch of its output schema (the other is the error object). */
function ownOutputSchema(): Record<string, unknown> {
  const branches = tool.listing.outputSchema?.anyOf;
  if (!Array.isArray(branches)) throw new Error("the output schema has no anyOf branches");
  return branches[0] as Record<string, unknown>;
}

describe("a tool's advertised output schema", () => {
  it("leaves out the safe-integer bounds no tool declared", () => {
    expect(ownOutputSchema().properties).toEqual({
      total: { type: "integer" },
      floor: { type: "integer", minimum: 0 },
      ceiling: { type: "integer", maximum: 1000 },
      ratio: { type: "number" },
    });
  });

  it("keeps them in the input schema, where argument errors read valid ranges", () => {
    expect(tool.listing.inputSchema.properties).toEqual({
      limit: {
        type: "integer",
        minimum: Number.MIN_SAFE_INTEGER,
        maximum: Number.MAX_SAFE_INTEGER,
      },
    });
  });
});

describe("a tool's JSON Schemas", () => {
  function countingTool() {
    const conversions = { count: 0 };
    const label = z.lazy(() => {
      conversions.count += 1;
      return z.string();
    });
    const declared = defineTool({
      name: "label_thing",
      title: "Label a thing",
      description: "Labels.",
      input: z.strictObject({ label }),
      output: z.object({ label }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
      handler: ({ label: given }) => ({ label: given }),
    });
    return { declared, conversions };
  }

  it("are not made when the tool is declared, only when first listed", () => {
    const { declared, conversions } = countingTool();
    expect(conversions.count).toBe(0);

    expect(declared.listing.inputSchema.properties).toEqual({ label: { type: "string" } });
    expect(conversions.count).toBeGreaterThan(0);
  });

  it("are made by a first call, which validates against them", async () => {
    const { declared, conversions } = countingTool();
    const context: ToolContext = {
      signal: new AbortController().signal,
      rawArguments: { label: 7 },
      sessionId: undefined,
      requestId: 1,
      meta: {},
      identity: LOCAL_IDENTITY,
      logger: silentLogger,
      resourceUpdated: () => {},
      resourceListChanged: () => {},
      progress: async () => {},
      log: async () => {},
      inputResponses: undefined,
      requestState: () => undefined,
      clientCapabilities: undefined,
      createMessage: () => Promise.reject(new Error("no client")),
      elicitInput: () => Promise.reject(new Error("no client")),
    };
    const result = await declared.call({ label: 7 }, context);
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.structuredContent)).toContain('"parameter":"label"');
    expect(conversions.count).toBeGreaterThan(0);
  });
});
