import { once } from "node:events";
import { request as httpRequest } from "node:http";
import { connect as connectSocket } from "node:net";
import { Client, SSEClientTransport } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { initializeRequest } from "../../src/testing.js";
import { connectHttp, startHttpFixture, structured } from "./harness.js";

const INITIALIZE = initializeRequest(1, "raw");
const LIST_TOOLS = { jsonrpc: "2.0", id: 2, method: "tools/list" };
const STREAMABLE_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

const handles: HttpHandle[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start(overrides: Parameters<typeof startHttpFixture>[0] = {}) {
  const handle = await startHttpFixture(overrides);
  handles.push(handle);
  return handle;
}

async function connect(url: string, headers: Record<string, string> = {}) {
  const client = await connectHttp(url, headers);
  clients.push(client);
  return client;
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: "POST",
    headers: { ...STREAMABLE_HEADERS, ...headers },
    body: JSON.stringify(body),
  });
}

/** A raw request over node:http, which (unlike fetch) sends Host and Cookie as given. */
function rawPost(url: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: "POST", headers: { ...STREAMABLE_HEADERS, ...headers } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (typeof value === "string") responseHeaders.set(name, value);
          }
          resolve(
            new Response(Buffer.concat(chunks), {
              status: incoming.statusCode ?? 0,
              headers: responseHeaders,
            }),
          );
        });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(JSON.stringify(body));
  });
}

/**
 * Posts a body of `size` bytes over a raw socket, finishing every write before reading
 * anything, as a simple client does; resolves with the answer's status line code and body.
 */
async function postWholeBodyThenRead(
  port: number,
  size: number,
): Promise<{ status: number; body: string }> {
  const socket = connectSocket(port, "127.0.0.1");
  await once(socket, "connect");
  socket.pause();
  const head = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${size}\r\n\r\n`;
  const written = new Promise<void>((resolve, reject) => {
    socket.write(head);
    socket.write(Buffer.alloc(size, "x"), (error) => (error ? reject(error) : resolve()));
  });
  const chunks: Buffer[] = [];
  const closed = new Promise<void>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("end", resolve);
    socket.once("error", reject);
  });
  // A reset makes both fail; the write's error is the one reported.
  closed.catch(() => undefined);
  await written;
  socket.resume();
  await closed;
  socket.destroy();
  const text = Buffer.concat(chunks).toString();
  const [statusLine = "", body = ""] = [text.split("\r\n")[0], text.split("\r\n\r\n")[1]];
  return { status: Number(statusLine.split(" ")[1]), body };
}

/** Reads the JSON-RPC message out of a JSON or single-event SSE response. */
async function rpcBody(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  const data = text.startsWith("{")
    ? text
    : (text.split("\n").find((line) => line.startsWith("data: ")) ?? "").slice(6);
  return JSON.parse(data) as Record<string, unknown>;
}

async function expectJsonRpcError(response: Response, status: number, message: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = (await response.json()) as {
    jsonrpc: string;
    error: { code: number; message: string };
  };
  expect(body.jsonrpc).toBe("2.0");
  expect(body.error.message).toMatch(message);
}

describe("a kit server over HTTP", () => {
  it("serves the SDK client over Streamable HTTP", async () => {
    const handle = await start();
    const client = await connect(handle.url);
    const result = await client.callTool({ name: "add", arguments: { a: 20, b: 22 } });
    expect(structured(result)).toEqual({ sum: 42 });
    const bad = await client.callTool({ name: "add", arguments: { a: 1 } });
    expect(structured(bad)).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [{ parameter: "b", issue: "Missing required parameter", valid_range: "-100-100" }],
      },
    });
  });

  it("reports health with name, version, uptime and the live session count", async () => {
    const handle = await start();
    await connect(handle.url);
    const response = await fetch(`http://127.0.0.1:${handle.port}/mcp/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: "ok",
      name: "kit-fixture",
      version: "1.0.0",
      sessions: 1,
    });
    expect(typeof body.uptime_s).toBe("number");
  });

  it("refuses a foreign Host or Origin with 403", async () => {
    const handle = await start();
    await expectJsonRpcError(
      await post(handle.url, INITIALIZE, { origin: "http://evil.example" }),
      403,
      /Origin/,
    );
    await expectJsonRpcError(
      await rawPost(handle.url, INITIALIZE, { host: "evil.example" }),
      403,
      /Host/,
    );
  });

  it("accepts a Host and Origin added with allowed hosts", async () => {
    const handle = await start({ allowedHosts: ["games.example"] });
    const response = await rawPost(handle.url, INITIALIZE, {
      host: "games.example",
      origin: "https://games.example",
    });
    expect(response.status).toBe(200);
  });

  it("requires the bearer token when one is set, with 401", async () => {
    const handle = await start({ authToken: "s3cret" });
    await expectJsonRpcError(await post(handle.url, INITIALIZE), 401, /bearer token/);
    await expectJsonRpcError(
      await post(handle.url, INITIALIZE, { authorization: "Bearer nope" }),
      401,
      /bearer/,
    );
    const client = await connect(handle.url, { authorization: "Bearer s3cret" });
    expect(structured(await client.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toEqual({
      sum: 3,
    });
  });

  it("refuses a body over 1 MiB with 413", async () => {
    const handle = await start();
    const huge = {
      ...INITIALIZE,
      params: { ...INITIALIZE.params, padding: "x".repeat(1_100_000) },
    };
    await expectJsonRpcError(await post(handle.url, huge), 413, /too large/);
  });

  it("answers 413 to a client that writes a whole 5 MiB body before reading, every time", async () => {
    const handle = await start();
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status, body } = await postWholeBodyThenRead(handle.port, 5 * 1024 * 1024);
      expect(status).toBe(413);
      expect(JSON.parse(body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    }
  });

  it("answers 404 for an unknown session and 400 for a non-initialize request without one", async () => {
    const handle = await start();
    await expectJsonRpcError(
      await post(handle.url, LIST_TOOLS, { "mcp-session-id": "no-such" }),
      404,
      /not found/,
    );
    await expectJsonRpcError(await post(handle.url, LIST_TOOLS), 400, /initialize/);
    await expectJsonRpcError(await fetch(handle.url), 400, /session/);
  });

  it("answers 405 with Allow for other methods on /mcp", async () => {
    const handle = await start();
    const response = await fetch(handle.url, {
      method: "PUT",
      body: "{}",
      headers: STREAMABLE_HEADERS,
    });
    expect(response.headers.get("allow")).toBe("GET, POST, DELETE");
    await expectJsonRpcError(response, 405, /Method not allowed/);
  });

  it("answers invalid JSON with a JSON-RPC parse error and a non-JSON body with 415", async () => {
    const handle = await start();
    const invalid = await fetch(handle.url, {
      method: "POST",
      headers: STREAMABLE_HEADERS,
      body: "{nope",
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: { code: number } }).error.code).toBe(-32700);
    const text = await fetch(handle.url, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hi",
    });
    await expectJsonRpcError(text, 415, /application\/json/);
  });

  it("answers unknown paths with a JSON 404, never HTML", async () => {
    const handle = await start();
    await expectJsonRpcError(await fetch(`http://127.0.0.1:${handle.port}/nope`), 404, /Not found/);
  });

  it("sets the mcp_session cookie on initialize and accepts it in place of the header", async () => {
    const handle = await start();
    const initialized = await post(handle.url, INITIALIZE);
    const sessionId = initialized.headers.get("mcp-session-id");
    const cookie = initialized.headers.get("set-cookie") ?? "";
    expect(cookie).toBe(`mcp_session=${sessionId}; HttpOnly; SameSite=Strict; Path=/`);
    await initialized.text();
    const listed = await rawPost(handle.url, LIST_TOOLS, {
      cookie: `theme=dark; mcp_session=${sessionId}`,
    });
    expect(listed.status).toBe(200);
    const body = (await rpcBody(listed)) as { result: { tools: Array<{ name: string }> } };
    expect(body.result.tools.map((tool) => tool.name)).toContain("add");
  });

  it("ends a session on DELETE; later requests get 404", async () => {
    const handle = await start();
    const initialized = await post(handle.url, INITIALIZE);
    const sessionId = initialized.headers.get("mcp-session-id") ?? "";
    await initialized.text();
    const deleted = await fetch(handle.url, {
      method: "DELETE",
      headers: { "mcp-session-id": sessionId },
    });
    expect(deleted.status).toBe(200);
    await expectJsonRpcError(
      await post(handle.url, LIST_TOOLS, { "mcp-session-id": sessionId }),
      404,
      /not found/,
    );
    expect(handle.sessions.size).toBe(0);
  });

  it("expires idle sessions", async () => {
    const handle = await start({ limits: { sessionIdleMs: 150 } });
    const initialized = await post(handle.url, INITIALIZE);
    const sessionId = initialized.headers.get("mcp-session-id") ?? "";
    await initialized.text();
    expect(handle.sessions.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(handle.sessions.size).toBe(0);
    await expectJsonRpcError(
      await post(handle.url, LIST_TOOLS, { "mcp-session-id": sessionId }),
      404,
      /expired/,
    );
  });

  it("caps live sessions with 503", async () => {
    const handle = await start({ limits: { maxSessions: 1 } });
    await connect(handle.url);
    await expectJsonRpcError(await post(handle.url, INITIALIZE), 503, /Too many live sessions/);
  });

  it("spaces one session's calls but not another session's", async () => {
    const spacing = 1_000;
    const handle = await start({ rateLimitMs: spacing });
    const first = await connect(handle.url);
    const second = await connect(handle.url);
    const started = performance.now();
    const firstSession = Promise.all([
      first.callTool({ name: "add", arguments: { a: 1, b: 1 } }),
      first.callTool({ name: "add", arguments: { a: 1, b: 2 } }),
    ]);
    // The other session's call is answered while the first session's second call still waits.
    await second.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    const secondAnsweredAfter = performance.now() - started;
    await firstSession;
    const firstAnsweredAfter = performance.now() - started;
    expect(firstAnsweredAfter).toBeGreaterThanOrEqual(spacing - 10);
    expect(secondAnsweredAfter).toBeLessThan(firstAnsweredAfter);
    expect(secondAnsweredAfter).toBeLessThan(spacing - 10);
  });

  it("answers the 34th waiting call with RATE_LIMITED and retry_after_ms", async () => {
    // A long spacing keeps all 33 earlier calls queued however slowly the requests arrive.
    const spacing = 60_000;
    const handle = await start({ rateLimitMs: spacing });
    const client = await connect(handle.url);
    const calls = Array.from({ length: 34 }, (_, index) =>
      client.callTool({ name: "add", arguments: { a: index % 50, b: 0 } }).catch(() => undefined),
    );
    const limited = await Promise.any(
      calls.map((pending) =>
        pending.then((result) =>
          result?.isError ? result : Promise.reject(new Error("not limited")),
        ),
      ),
    );
    const body = structured(limited) as {
      error: { code: string; retry_after_ms: number; message: string };
    };
    expect(body.error.code).toBe("RATE_LIMITED");
    expect(body.error.retry_after_ms).toBeGreaterThan(spacing - 5_000);
    expect(body.error.retry_after_ms).toBeLessThanOrEqual(spacing);
    expect(body.error.message).toBe(
      `Too many requests waiting (32); retry after ${body.error.retry_after_ms} ms`,
    );
    expect(await calls[0]).toMatchObject({ structuredContent: { sum: 0 } });
  });

  it("sends resource updates only to the sessions subscribed to that URI", async () => {
    const handle = await start();
    const watcher = await connect(handle.url);
    const bystander = await connect(handle.url);
    const actor = await connect(handle.url);
    const seen = { watcher: [] as string[], bystander: [] as string[] };
    watcher.setNotificationHandler("notifications/resources/updated", (note) => {
      seen.watcher.push(note.params.uri);
    });
    bystander.setNotificationHandler("notifications/resources/updated", (note) => {
      seen.bystander.push(note.params.uri);
    });
    await watcher.subscribeResource({ uri: "counter://value" });
    await bystander.subscribeResource({ uri: "note://hello" });
    await actor.callTool({ name: "counter_increment", arguments: {} });
    await watcher.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    await bystander.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual({ watcher: ["counter://value"], bystander: [] });
  });

  it("serves old clients over the legacy /sse + /messages transport", async () => {
    const handle = await start();
    const client = new Client({ name: "old", version: "1.0.0" });
    clients.push(client);
    await client.connect(new SSEClientTransport(new URL(`http://127.0.0.1:${handle.port}/sse`)));
    expect(structured(await client.callTool({ name: "add", arguments: { a: 2, b: 3 } }))).toEqual({
      sum: 5,
    });
    const missing = await fetch(`http://127.0.0.1:${handle.port}/messages?sessionId=nope`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(LIST_TOOLS),
    });
    await expectJsonRpcError(missing, 404, /not found/);
  });

  it("keeps serving after a burst of malformed requests", async () => {
    const handle = await start();
    const junk = ["[", "null", "42", '{"jsonrpc":"1.0"}', '{"method":5}', "[]", '"x"'];
    for (const body of junk) {
      const response = await fetch(handle.url, {
        method: "POST",
        headers: STREAMABLE_HEADERS,
        body,
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const client = await connect(handle.url);
    expect(structured(await client.callTool({ name: "add", arguments: { a: 1, b: 1 } }))).toEqual({
      sum: 2,
    });
  });
});
