import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createKitServer } from "@tabletop-mcp/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { defineWorldTool, payloadSchema } from "../../src/tools/world-tool.js";

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
  let client: Client;
  beforeAll(async () => {
    const server = createKitServer({ name: "lookup-test", version: "1.0.0", tools: [lookup] });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    client = new Client({ name: "lookup-test", version: "1.0.0" });
    await client.connect(clientTransport);
    await client.listTools();
  });
  afterAll(() => client.close());

  it("marks a seed error object as an error result", async () => {
    const result = await client.callTool({ name: "lookup", arguments: { id: "other" } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      schema_version: "1",
      error: "Thing not found",
      id: "other",
    });
  });

  it("leaves an answer unmarked", async () => {
    const result = await client.callTool({ name: "lookup", arguments: { id: "known" } });
    expect(result.isError).toBeFalsy();
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
