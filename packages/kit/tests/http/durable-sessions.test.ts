import { createHash } from "node:crypto";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { InFlightRequests, type SessionRequest } from "../../src/cli/index.js";
import {
  type DurableSessionRecord,
  type DurableSessions,
  type HttpHandle,
  serveHttp,
} from "../../src/http/index.js";
import { silentLogger } from "../../src/index.js";

/** A store shared by two servers in this process, standing in for a shared database. */
class MapSessions implements DurableSessions {
  readonly records = new Map<string, DurableSessionRecord>();
  async opened(record: DurableSessionRecord): Promise<void> {
    this.records.set(record.id, { ...record, state: `state of ${record.id}` });
  }
  async resume(id: string): Promise<DurableSessionRecord | undefined> {
    return this.records.get(id);
  }
  async closed(id: string): Promise<void> {
    this.records.delete(id);
  }
}

const TOKENS = { alice: "alice-token-0123456789", bob: "bob-token-0123456789" };
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let handles: HttpHandle[] = [];
afterEach(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  handles = [];
});

/** A server whose one tool's description names the client and the restored state it was built with. */
function describingServer(requests: SessionRequest[]) {
  return (session: SessionRequest): Server => {
    requests.push(session);
    const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
    server.setRequestHandler("tools/list", () => ({
      tools: [
        {
          name: "who",
          description: `${server.getClientVersion()?.name} ${String(session.restored?.state)}`,
          inputSchema: { type: "object" as const },
        },
      ],
    }));
    return server;
  };
}

async function start(durable: DurableSessions, requests: SessionRequest[]): Promise<HttpHandle> {
  const handle = await serveHttp({
    createServer: describingServer(requests),
    durableSessions: durable,
    name: "durable-test",
    version: "1.0.0",
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken: undefined,
    auth: {
      mode: "table",
      rows: [
        { sha256: sha256(TOKENS.alice), sub: "alice", scopes: [] },
        { sha256: sha256(TOKENS.bob), sub: "bob", scopes: [] },
      ],
    },
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
  });
  handles.push(handle);
  return handle;
}

/** A client whose requests go to whichever server `target.url` names at the time. */
async function connect(target: { url: string }, token: string) {
  const transport = new StreamableHTTPClientTransport(new URL(target.url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: (_input, init) => fetch(target.url, init),
    reconnectionOptions: {
      maxRetries: 0,
      initialReconnectionDelay: 1,
      maxReconnectionDelay: 1,
      reconnectionDelayGrowFactor: 1,
    },
  });
  const client = new Client({ name: "durable-client", version: "2.0.0" });
  await client.connect(transport);
  return { client, transport };
}

function listToolsRaw(url: string, token: string, sessionId: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
  });
}

describe("durable sessions: a server that does not hold a session rebuilds it from the store", () => {
  it("serves a session another server opened, as the same client, with the application's state", async () => {
    const durable = new MapSessions();
    const firstRequests: SessionRequest[] = [];
    const secondRequests: SessionRequest[] = [];
    const first = await start(durable, firstRequests);
    const second = await start(durable, secondRequests);
    const target = { url: first.url };
    const { client, transport } = await connect(target, TOKENS.alice);
    const id = transport.sessionId ?? "";
    expect(durable.records.get(id)).toMatchObject({
      subject: "alice",
      initialize: { clientInfo: { name: "durable-client", version: "2.0.0" } },
    });
    expect(firstRequests).toEqual([
      expect.objectContaining({ transport: "streamable", sessionId: id }),
    ]);

    target.url = second.url;
    const { tools } = await client.listTools();
    expect(tools[0]?.description).toBe(`durable-client state of ${id}`);
    expect(secondRequests).toEqual([
      expect.objectContaining({ sessionId: id, restored: { state: `state of ${id}` } }),
    ]);
    expect(second.sessions.find(id)?.owner.subject).toBe("alice");
    await client.close();
  });

  it("answers 404 for an id the store does not know, and for another subject's session", async () => {
    const durable = new MapSessions();
    const first = await start(durable, []);
    const second = await start(durable, []);
    const { client, transport } = await connect({ url: first.url }, TOKENS.alice);
    const id = transport.sessionId ?? "";

    const unknown = await listToolsRaw(second.url, TOKENS.alice, "no-such-session");
    expect(unknown.status).toBe(404);
    const stolen = await listToolsRaw(second.url, TOKENS.bob, id);
    expect(stolen.status).toBe(404);
    expect(second.sessions.size).toBe(0);
    const own = await listToolsRaw(second.url, TOKENS.alice, id);
    expect(own.status).toBe(200);
    await own.text();
    await client.close();
  });

  it("forgets the session everywhere once the client deletes it", async () => {
    const durable = new MapSessions();
    const first = await start(durable, []);
    const second = await start(durable, []);
    const target = { url: first.url };
    const { client, transport } = await connect(target, TOKENS.alice);
    const id = transport.sessionId ?? "";
    target.url = second.url;
    await client.listTools();
    expect(second.sessions.find(id)).toBeDefined();

    target.url = first.url;
    await transport.terminateSession();
    expect(durable.records.has(id)).toBe(false);
    const after = await listToolsRaw(second.url, TOKENS.alice, id);
    expect(after.status).toBe(404);
    expect(second.sessions.find(id)).toBeUndefined();
    await client.close();
  });
});
