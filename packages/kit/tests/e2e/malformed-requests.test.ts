// Requests that are not well-formed MCP requests of their method (docs/contract.md §5.6), sent
// as raw params through a real client over both transports.

import type { Client } from "@modelcontextprotocol/client";
import { ProtocolError, ResourceNotFoundError } from "@modelcontextprotocol/client";
import { ResultSchema } from "@modelcontextprotocol/core";
import { afterEach, describe, expect, it } from "vitest";
import { closeFixtureClients, FIXTURE_TRANSPORTS, fixtureClient, structured } from "./harness.js";

afterEach(closeFixtureClients);

/** The JSON-RPC error a request with exactly these params is answered with. */
async function errorOf(client: Client, method: string, params?: unknown): Promise<ProtocolError> {
  const request = (params === undefined ? { method } : { method, params }) as never;
  try {
    await client.request(request, ResultSchema);
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error(`${method} was answered without an error`);
}

const INVALID = -32602;

describe.each(FIXTURE_TRANSPORTS)("malformed requests over %s", (transport) => {
  const connect = () => fixtureClient(transport);

  it("are -32602 with one sentence naming the field, for every method the kit serves", async () => {
    const client = await connect();
    const cases: [string, unknown, string][] = [
      ["resources/read", {}, "params.uri must be a string"],
      ["resources/read", { uri: 5 }, "params.uri must be a string"],
      ["resources/subscribe", { uri: null }, "params.uri must be a string"],
      ["resources/unsubscribe", { uri: ["note://hello"] }, "params.uri must be a string"],
      ["tools/list", { cursor: 5 }, "params.cursor must be a string"],
      ["resources/list", { cursor: {} }, "params.cursor must be a string"],
      ["resources/templates/list", { cursor: true }, "params.cursor must be a string"],
    ];
    for (const [method, params, message] of cases) {
      const error = await errorOf(client, method, params);
      expect({ method, code: error.code, message: error.message }).toEqual({
        method,
        code: INVALID,
        message,
      });
    }
  });

  it("are -32602 from the SDK for a tools/call without a tool name, which it checks first", async () => {
    const client = await connect();
    for (const params of [undefined, { name: 7, arguments: {} }]) {
      const error = await errorOf(client, "tools/call", params);
      expect(error.code).toBe(INVALID);
      expect(error.message).toMatch(/^Invalid tools\/call request: /);
    }
  });

  it("name an unknown tool with the available ones, and an unknown resource with its URI", async () => {
    const client = await connect();
    const tool = await errorOf(client, "tools/call", { name: "nope", arguments: {} });
    expect(tool.code).toBe(INVALID);
    expect(tool.message).toMatch(/^Unknown tool: nope; available tools are add, /);
    const resource = await errorOf(client, "resources/read", { uri: "note://missing" });
    // -32602 with data.uri in every era (the SDK sends 2025's -32002 as -32602 too), which the
    // v2 client reads as its ResourceNotFoundError.
    expect(resource).toBeInstanceOf(ResourceNotFoundError);
    expect({ code: resource.code, message: resource.message, data: resource.data }).toEqual({
      code: -32602,
      message: "Resource not found: note://missing",
      data: { uri: "note://missing" },
    });
  });

  it("leave the session serving", async () => {
    const client = await connect();
    await errorOf(client, "resources/read", {});
    await errorOf(client, "tools/list", { cursor: 1 });
    const result = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
    expect(structured(result)).toEqual({ sum: 5 });
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(1);
  });
});
