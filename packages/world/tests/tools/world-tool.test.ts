import { silentLogger } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { defineWorldTool, payloadSchema } from "../../src/tools/world-tool.js";

const context = {
  signal: new AbortController().signal,
  sessionId: undefined,
  logger: silentLogger,
  resourceUpdated: () => {},
  resourceListChanged: () => {},
  progress: async () => {},
};

const lookup = defineWorldTool({
  name: "lookup",
  title: "Lookup",
  description: "Finds a thing.",
  input: z.strictObject({ id: z.string() }),
  output: payloadSchema({ id: z.string() }),
  handler: ({ id }) =>
    id === "known"
      ? { schema_version: "1" as const, id }
      : { schema_version: "1" as const, error: "Thing not found", id },
});

describe("defineWorldTool", () => {
  it("marks a seed error object as an error result", async () => {
    const result = await lookup.call({ id: "other" }, context);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      schema_version: "1",
      error: "Thing not found",
      id: "other",
    });
  });

  it("leaves an answer unmarked", async () => {
    const result = await lookup.call({ id: "known" }, context);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ schema_version: "1", id: "known" });
  });

  it("annotates every world tool as read-only and idempotent", () => {
    expect(lookup.listing.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
  });
});
