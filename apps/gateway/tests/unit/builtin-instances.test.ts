import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { silentLogger } from "@tabletop-mcp/kit";
import { InFlightRequests } from "@tabletop-mcp/kit/cli";
import { DEFAULT_SESSION_IDLE_MS, type HttpHandle, serveHttp } from "@tabletop-mcp/kit/http";
import { callTool, connectHttp, initializeRequest } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateConfig } from "../../src/config/validate-config.js";
import { Gateway } from "../../src/gateway.js";
import { BuiltinUpstream } from "../../src/upstreams/builtin-upstream.js";

let gateway: Gateway;
let http: HttpHandle;

/** Live server instances per builtin (the leak check of docs/gateway.md §15, item 11). */
function liveInstances(): Record<string, number> {
  return Object.fromEntries(
    gateway.upstreams.map((upstream) => [
      upstream.name,
      (upstream as BuiltinUpstream).liveInstances,
    ]),
  );
}

beforeAll(async () => {
  const config = validateConfig(
    {
      mcpServers: {
        dice: { builtin: "dice", rate_limit_ms: 0 },
        campaign: { builtin: "campaign", options: { dbPath: ":memory:" } },
      },
    },
    { baseDirectory: process.cwd(), env: {}, logger: silentLogger },
  );
  ({ gateway } = await Gateway.start(config, { logger: silentLogger, version: "0.0.0" }));
  expect(gateway.upstreams.every((upstream) => upstream instanceof BuiltinUpstream)).toBe(true);
  http = await serveHttp({
    createServer: () => gateway.createSessionServer("deep"),
    name: "tabletop-gateway",
    version: "0.0.0",
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken: undefined,
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
  });
});

afterAll(async () => {
  await http.close();
  await gateway.close();
});

async function rawPost(
  url: string,
  sessionId: string | undefined,
  body: unknown,
): Promise<Response> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(sessionId ? { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" } : {}),
    },
    body: JSON.stringify(body),
  });
  await response.text();
  return response;
}

async function rawInitialize(url: string): Promise<string> {
  const response = await rawPost(url, undefined, initializeRequest(1, "raw"));
  const sessionId = response.headers.get("mcp-session-id");
  if (!sessionId) throw new Error("no session id");
  await rawPost(url, sessionId, { jsonrpc: "2.0", method: "notifications/initialized" });
  return sessionId;
}

describe("builtin instances of a downstream session (docs/gateway.md §15, item 11)", () => {
  it("are closed when the session is deleted", async () => {
    expect(liveInstances()).toEqual({ dice: 1, campaign: 1 });
    const connection = await connectHttp(http.url);
    await callTool(connection.client, "roll_dice", { dice_count: 1, dice_sides: 6 });
    await callTool(connection.client, "campaign_create", { name: "Leak check", gm_mode: "AI" });
    expect(liveInstances()).toEqual({ dice: 2, campaign: 2 });
    await (connection.client.transport as StreamableHTTPClientTransport).terminateSession();
    await expect.poll(liveInstances).toEqual({ dice: 1, campaign: 1 });
    expect(gateway.sessions.size).toBe(0);
    await connection.close();
  });

  it("are closed when the session expires idle (clock moved past the 1 h limit)", async () => {
    // A raw session without the standalone GET stream, which would keep the session alive.
    const sessionId = await rawInitialize(http.url);
    await rawPost(http.url, sessionId, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "roll_dice", arguments: { dice_count: 1, dice_sides: 6 } },
    });
    expect(liveInstances().dice).toBe(2);
    expect(await http.sessions.expireIdle(Date.now() + DEFAULT_SESSION_IDLE_MS - 1000)).toBe(0);
    expect(liveInstances().dice).toBe(2);
    expect(await http.sessions.expireIdle(Date.now() + DEFAULT_SESSION_IDLE_MS)).toBe(1);
    await expect.poll(liveInstances).toEqual({ dice: 1, campaign: 1 });
    expect(gateway.sessions.size).toBe(0);
  });

  it("are one per session: 20 sessions give 20 dice instances besides the catalog's", async () => {
    const connections = await Promise.all(Array.from({ length: 20 }, () => connectHttp(http.url)));
    await Promise.all(
      connections.map((connection) =>
        callTool(connection.client, "roll_dice", { dice_count: 1, dice_sides: 6 }),
      ),
    );
    expect(liveInstances().dice).toBe(1 + 20);
    await Promise.all(
      connections.map((connection) =>
        (connection.client.transport as StreamableHTTPClientTransport).terminateSession(),
      ),
    );
    await expect.poll(liveInstances).toEqual({ dice: 1, campaign: 1 });
    await Promise.all(connections.map((connection) => connection.close()));
  });
});
