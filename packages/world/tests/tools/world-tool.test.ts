import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { createKitServer } from "@tabletop-mcp/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { compileWorldText, WorldStore } from "../../src/index.js";
import { defineWorldTool, payloadSchema } from "../../src/tools/world-tool.js";

const worldNamed = (name: string) =>
  compileWorldText("w.urd.md", `---\nworld:\n  name: ${name}\n---\n`);
const store = new WorldStore(worldNamed("first"));
const handled: string[] = [];

const lookup = defineWorldTool(
  {
    name: "lookup",
    title: "Lookup",
    description: "Finds a thing.",
    input: z.strictObject({ id: z.string() }),
    output: payloadSchema({ id: z.string(), world: z.string() }),
    handler: ({ id }, world) => {
      handled.push(id);
      const name = String(world.compiled.world?.world.name);
      return id === "known" || id === "counted"
        ? { schema_version: "1" as const, id, world: name }
        : { schema_version: "1" as const, error: "Thing not found", id };
    },
  },
  store,
);

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

  it("marks an error object as an error result", async () => {
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
    expect(result.structuredContent).toEqual({ schema_version: "1", id: "known", world: "first" });
  });

  it("answers a repeated question without running the handler again until the world changes", async () => {
    const call = () => client.callTool({ name: "lookup", arguments: { id: "counted" } });
    const first = await call();
    const second = await call();
    expect(second).toEqual(first);
    expect(handled.filter((id) => id === "counted")).toHaveLength(1);

    store.replace(worldNamed("second"));
    const third = await call();
    expect(third.structuredContent).toEqual({
      schema_version: "1",
      id: "counted",
      world: "second",
    });
    expect(handled.filter((id) => id === "counted")).toHaveLength(2);
  });

  it("still refuses invalid arguments when asked twice", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await client.callTool({ name: "lookup", arguments: { id: 3 } });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({
        error: { message: "Invalid parameters provided" },
      });
    }
    expect(handled).not.toContain(3);
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
