import { Server } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { InFlightRequests, SessionRefusedError, type SessionRequest } from "../../src/cli/index.js";
import { type HttpHandle, serveHttp } from "../../src/http/index.js";
import { silentLogger } from "../../src/index.js";
import { initializeRequest } from "../../src/testing.js";

let handle: HttpHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

const initialize = initializeRequest(1, "t");

async function start(createServer: (session: SessionRequest) => Server): Promise<HttpHandle> {
  handle = await serveHttp({
    createServer,
    name: "factory-test",
    version: "1.0.0",
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken: undefined,
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
    health: () => ({ extra_field: 42 }),
  });
  return handle;
}

function post(url: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(initialize),
  });
}

describe("the per-session server factory", () => {
  it("learns the query of the request that opened the session", async () => {
    const seen: string[] = [];
    const { url } = await start((session) => {
      seen.push(`${session.transport}:${session.query.get("tier")}`);
      return new Server({ name: "s", version: "1" }, { capabilities: {} });
    });
    const response = await post(`${url}?tier=fast`);
    await response.text();
    expect(response.status).toBe(200);
    expect(seen).toEqual(["streamable:fast"]);
  });

  it("refuses a session with 400 and a JSON-RPC body carrying its message", async () => {
    const { url } = await start(() => {
      throw new SessionRefusedError("tier must be one of fast, standard, deep");
    });
    const response = await post(`${url}?tier=slow`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32602, message: "tier must be one of fast, standard, deep" },
      id: null,
    });
    expect(handle?.sessions.size).toBe(0);
  });

  it("adds the factory's fields to /mcp/health", async () => {
    const { url } = await start(
      () => new Server({ name: "s", version: "1" }, { capabilities: {} }),
    );
    const body = (await (await fetch(url.replace(/\/mcp$/, "/mcp/health"))).json()) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      status: "ok",
      name: "factory-test",
      sessions: 0,
      extra_field: 42,
    });
  });
});
