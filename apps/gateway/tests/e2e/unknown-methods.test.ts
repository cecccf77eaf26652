// A method the gateway does not serve is answered as not found by the SDK itself: in the
// 2026-07-28 era with HTTP 404, in a 2025 session in-band; the gateway keeps serving.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupAll, type HttpChild, startGatewayHttp, writeConfig } from "../helpers/gateway.js";

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

let gateway: HttpChild;

beforeAll(async () => {
  const config = writeConfig({ mcpServers: { dice: { builtin: "dice" } } });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

function modernPost(method: string, params: Record<string, unknown> = {}): Promise<Response> {
  return fetch(gateway.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method,
      params: { ...params, _meta: MODERN_META },
    }),
  });
}

describe("a method the gateway does not serve", () => {
  it("is 404 with -32601 for a 2026-07-28 request, and the next request is served", async () => {
    const unknown = await modernPost("dice/explode");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ id: 7, error: { code: -32601 } });
    const tools = await modernPost("tools/list");
    expect(tools.status).toBe(200);
    const text = await tools.text();
    expect(text).toContain("roll_dice");
  });

  it("is an in-band -32601 in a 2025 session", async () => {
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    };
    const opened = await fetch(gateway.url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "unknown-method-test", version: "1.0.0" },
        },
      }),
    });
    const session = opened.headers.get("mcp-session-id") ?? "";
    await opened.text();
    const unknown = await fetch(gateway.url, {
      method: "POST",
      headers: { ...headers, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "dice/explode", params: {} }),
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('"code":-32601');
  });
});
