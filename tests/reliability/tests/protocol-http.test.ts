import { networkInterfaces } from "node:os";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isJsonRpcResult, jsonRpcError } from "./support/json-rpc.js";
import { isAlive } from "./support/process.js";
import {
  initializeBody,
  MCP_HEADERS,
  messagesOf,
  openSession,
  type RawRequest,
  type RawResponse,
  rawHttp,
  rawSocketHttp,
} from "./support/raw-http.js";
import { type ServerCommand, serverCommands } from "./support/servers.js";

const BODY_LIMIT = 1_048_576;

/** An address of this machine that is not loopback, to prove nothing listens there. */
const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address?.family === "IPv4" && !address.internal)?.address;
const TOKEN = "reliability-secret-token";

interface Context {
  url: string;
  session: string;
  server: ServerCommand;
}

/** One hostile HTTP request and the status (and JSON-RPC code, when fixed) the contract asks for. */
interface HttpAbuse {
  name: string;
  request: (context: Context) => RawRequest;
  /**
   * Sent this many times over a bare socket that reads while it writes: a body refused early
   * must still get its answer, every time, not a reset connection.
   */
  bareSocketTimes?: number;
  status: number;
  code?: number;
  /**
   * The id the error answer carries: `null` unless the request's own id can be read. A body
   * that is no JSON-RPC 2.0 message is classified by the SDK, which answers with its id.
   */
  answeredId?: string | number;
  /** For requests that reach MCP: checks on the JSON-RPC messages in the answer. */
  messages?: (messages: unknown[]) => void;
  /** Sent to the process started with `--auth-token`. */
  withToken?: boolean;
  /** The `WWW-Authenticate` of a 401: a refused token is named invalid (RFC 6750 §3.1). */
  challenge?: string;
}

const withSession = (context: Context, extra: Record<string, string> = {}) => ({
  ...MCP_HEADERS,
  "mcp-session-id": context.session,
  ...extra,
});

function toolCall(server: ServerCommand, padding: number): string {
  const args =
    padding > 0
      ? { ...server.knownGood.args, padding: "p".repeat(padding) }
      : server.knownGood.args;
  return JSON.stringify({
    jsonrpc: "2.0",
    id: "call",
    method: "tools/call",
    params: { name: server.knownGood.tool, arguments: args },
  });
}

/** A tools/call whose body is exactly `size` bytes. */
function toolCallOfSize(server: ServerCommand, size: number): string {
  const base = Buffer.byteLength(toolCall(server, 1));
  return toolCall(server, size - base + 1);
}

const abuses: HttpAbuse[] = [
  {
    name: "invalid JSON in a session",
    request: (c) => ({ headers: withSession(c), body: '{"jsonrpc":"2.0",' }),
    status: 400,
    code: -32700,
  },
  {
    name: "invalid JSON without a session",
    request: () => ({ headers: { ...MCP_HEADERS }, body: "{nope" }),
    status: 400,
    code: -32700,
  },
  {
    name: "wrong jsonrpc version in a session",
    request: (c) => ({ headers: withSession(c), body: '{"jsonrpc":"1.0","id":1,"method":"ping"}' }),
    status: 400,
    answeredId: 1,
  },
  {
    name: "initialize with the wrong jsonrpc version",
    request: () => ({
      headers: { ...MCP_HEADERS },
      body: initializeBody().replace('"2.0"', '"1.0"'),
    }),
    status: 400,
    answeredId: "init",
  },
  {
    name: "unknown method",
    request: (c) => ({
      headers: withSession(c),
      body: '{"jsonrpc":"2.0","id":"u","method":"admin/shutdown"}',
    }),
    status: 200,
    messages: (messages) => expect(jsonRpcError(messages[0])?.code).toBe(-32601),
  },
  {
    name: "a body one byte over 1 MiB",
    request: (c) => ({ headers: withSession(c), body: toolCallOfSize(c.server, BODY_LIMIT + 1) }),
    status: 413,
  },
  {
    name: "a 5 MiB body without a session",
    bareSocketTimes: 5,
    request: (c) => ({
      headers: { ...MCP_HEADERS },
      body: toolCallOfSize(c.server, 5 * BODY_LIMIT),
    }),
    status: 413,
  },
  {
    name: "a body of exactly 1 MiB",
    request: (c) => ({ headers: withSession(c), body: toolCallOfSize(c.server, BODY_LIMIT) }),
    status: 200,
    messages: (messages) => {
      const result = (messages[0] as { result?: { isError?: boolean } }).result;
      expect(result?.isError, JSON.stringify(messages).slice(0, 300)).toBe(true);
    },
  },
  {
    name: "a request without a session",
    request: () => ({
      headers: { ...MCP_HEADERS },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    }),
    status: 400,
  },
  {
    name: "a forged session id",
    request: () => ({
      headers: { ...MCP_HEADERS, "mcp-session-id": "00000000-0000-4000-8000-000000000000" },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    }),
    status: 404,
    code: -32001,
  },
  {
    name: "a forged session cookie",
    request: () => ({
      headers: { ...MCP_HEADERS, cookie: "mcp_session=forged" },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    }),
    status: 404,
  },
  {
    name: "a foreign Origin",
    request: (c) => ({
      headers: withSession(c, { origin: "http://evil.example" }),
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    }),
    status: 403,
  },
  {
    name: "a foreign Origin on initialize",
    request: () => ({
      headers: { ...MCP_HEADERS, origin: "https://127.0.0.1.evil.example" },
      body: initializeBody(),
    }),
    status: 403,
  },
  {
    name: "Origin null",
    request: () => ({ headers: { ...MCP_HEADERS, origin: "null" }, body: initializeBody() }),
    status: 403,
  },
  {
    name: "a foreign Host (DNS rebinding)",
    request: () => ({
      headers: { ...MCP_HEADERS, host: "evil.example:80" },
      body: initializeBody(),
    }),
    status: 403,
  },
  {
    name: "a foreign Host on the health endpoint",
    request: () => ({ method: "GET", path: "/mcp/health", headers: { host: "evil.example" } }),
    status: 403,
  },
  {
    name: "PUT /mcp",
    request: () => ({ method: "PUT", headers: { ...MCP_HEADERS }, body: "{}" }),
    status: 405,
  },
  {
    name: "PATCH /mcp",
    request: () => ({ method: "PATCH", headers: { ...MCP_HEADERS }, body: "{}" }),
    status: 405,
  },
  { name: "an unknown path", request: () => ({ method: "GET", path: "/admin" }), status: 404 },
  {
    name: "a text/plain body",
    request: (c) => ({
      headers: withSession(c, { "content-type": "text/plain" }),
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    }),
    status: 415,
  },
  {
    name: "GET /mcp without a session",
    request: () => ({ method: "GET", headers: { accept: "text/event-stream" } }),
    status: 400,
  },
  { name: "DELETE /mcp without a session", request: () => ({ method: "DELETE" }), status: 400 },
  {
    name: "no bearer token",
    withToken: true,
    request: () => ({ headers: { ...MCP_HEADERS }, body: initializeBody() }),
    status: 401,
  },
  {
    name: "a wrong bearer token",
    withToken: true,
    request: () => ({
      headers: { ...MCP_HEADERS, authorization: `Bearer ${TOKEN}x` },
      body: initializeBody(),
    }),
    status: 401,
    challenge:
      'Bearer error="invalid_token", error_description="the token is not the configured one"',
  },
  {
    name: "the token without the Bearer scheme",
    withToken: true,
    request: () => ({ headers: { ...MCP_HEADERS, authorization: TOKEN }, body: initializeBody() }),
    status: 401,
  },
  {
    name: "the right bearer token",
    withToken: true,
    request: () => ({
      headers: { ...MCP_HEADERS, authorization: `Bearer ${TOKEN}` },
      body: initializeBody(),
    }),
    status: 200,
    messages: (messages) => expect(isJsonRpcResult(messages[0])).toBe(true),
  },
];

/** Checks an error answer: JSON-RPC shaped JSON, never HTML or a stack trace. */
function expectJsonRpcErrorBody(
  answer: RawResponse,
  code: number | undefined,
  answeredId: string | number | null = null,
): void {
  expect(String(answer.headers["content-type"])).toContain("application/json");
  expect(answer.body).not.toMatch(/<html|\n\s+at /i);
  const body = JSON.parse(answer.body) as unknown;
  const error = jsonRpcError(body);
  expect(error, answer.body).toBeDefined();
  expect((body as { id?: unknown }).id, answer.body).toBe(answeredId);
  if (code !== undefined) expect(error?.code).toBe(code);
}

async function ping(url: string, session: string): Promise<void> {
  const answer = await rawHttp(url, {
    headers: { ...MCP_HEADERS, "mcp-session-id": session },
    body: '{"jsonrpc":"2.0","id":"still-there","method":"ping"}',
  });
  expect(answer.status).toBe(200);
  expect(messagesOf(answer)).toEqual([{ jsonrpc: "2.0", id: "still-there", result: {} }]);
}

describe.each(serverCommands())("HTTP protocol abuse against $name", (server) => {
  let open: HttpProcess;
  let guarded: HttpProcess;
  let openSessionId: string;
  let guardedSessionId: string;

  beforeAll(async () => {
    [open, guarded] = await Promise.all([
      startHttpCommand(server.entry, server.args, server.env),
      startHttpCommand(server.entry, [...server.args, "--auth-token", TOKEN], server.env),
    ]);
    openSessionId = await openSession(open.url);
    guardedSessionId = await openSession(guarded.url, { authorization: `Bearer ${TOKEN}` });
  });
  afterAll(async () => {
    await Promise.all([open?.stop(), guarded?.stop()]);
  });

  it.each(abuses)("answers $name with $status and keeps serving", async (abuse) => {
    const target = abuse.withToken ? guarded : open;
    const session = abuse.withToken ? guardedSessionId : openSessionId;
    const request = abuse.request({ url: target.url, session, server });
    let answer: RawResponse;
    if (abuse.bareSocketTimes) {
      const outcomes: Array<number | string> = [];
      for (let attempt = 0; attempt < abuse.bareSocketTimes; attempt++) {
        outcomes.push(
          await rawSocketHttp(target.url, request).then(
            (r) => r.status,
            (e: Error) => e.message,
          ),
        );
      }
      expect(outcomes).toEqual(Array(abuse.bareSocketTimes).fill(abuse.status));
      answer = await rawSocketHttp(target.url, request);
    } else {
      answer = await rawHttp(target.url, request);
    }
    expect(answer.status, answer.body.slice(0, 300)).toBe(abuse.status);
    if (answer.status >= 400) expectJsonRpcErrorBody(answer, abuse.code, abuse.answeredId);
    if (answer.status === 401) {
      expect(answer.headers["www-authenticate"]).toBe(abuse.challenge ?? "Bearer");
    }
    if (answer.status === 405) expect(answer.headers.allow).toBe("GET, POST, DELETE");
    abuse.messages?.(messagesOf(answer));

    if (abuse.withToken) {
      const stillGuarded = await rawHttp(guarded.url, {
        headers: {
          ...MCP_HEADERS,
          "mcp-session-id": guardedSessionId,
          authorization: `Bearer ${TOKEN}`,
        },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      expect(stillGuarded.status).toBe(200);
    } else {
      await ping(open.url, openSessionId);
    }
  });

  it("refuses every request on a session after DELETE with 404, and keeps the others", async () => {
    const doomed = await openSession(open.url);
    const headers = { ...MCP_HEADERS, "mcp-session-id": doomed };
    const bare = { "mcp-session-id": doomed };
    expect((await rawHttp(open.url, { method: "DELETE", headers: bare })).status).toBe(200);
    const afterwards = [
      await rawHttp(open.url, { headers, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
      await rawHttp(open.url, { method: "GET", headers: { ...bare, accept: "text/event-stream" } }),
      await rawHttp(open.url, { method: "DELETE", headers: bare }),
    ];
    for (const answer of afterwards) {
      expect(answer.status).toBe(404);
      expectJsonRpcErrorBody(answer, -32001);
    }
    await ping(open.url, openSessionId);
  });

  it.skipIf(externalAddress === undefined)("listens on loopback only by default", async () => {
    expect(new URL(open.url).hostname).toBe("127.0.0.1");
    const port = new URL(open.url).port;
    const elsewhere = `http://${externalAddress}:${port}/mcp/health`;
    await expect(
      rawHttp(elsewhere, { method: "GET", headers: { host: `127.0.0.1:${port}` } }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });

  it("is still alive and healthy after all of it", async () => {
    const health = await rawHttp(open.url, { method: "GET", path: "/mcp/health" });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok" });
    expect(isAlive(open.child.pid)).toBe(true);
    expect(isAlive(guarded.child.pid)).toBe(true);
  });
});
