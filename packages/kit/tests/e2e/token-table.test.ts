import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHandle } from "../../src/http/index.js";
import { initializeRequest, MCP_POST_HEADERS } from "../../src/testing.js";
import { connectHttp, FIXTURE_ENTRY, startHttpFixture, structured } from "./harness.js";
import { health } from "./raw-http.js";

const hex = (token: string) => createHash("sha256").update(token).digest("hex");

const ROWS = [
  { sha256: hex("alice-token"), sub: "alice", name: "Alice", scopes: ["tabletop:play"] },
  { sha256: hex("bob-token"), sub: "bob", scopes: ["campaign:write", "gateway:admin"] },
];

const handles: HttpHandle[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function start() {
  const handle = await startHttpFixture({
    auth: { mode: "table", rows: ROWS },
    healthScope: "gateway:admin",
  });
  handles.push(handle);
  return handle;
}

async function connectAs(url: string, token: string) {
  const client = await connectHttp(url, { authorization: `Bearer ${token}` });
  clients.push(client);
  return client;
}

/** Opens a raw session and posts one more message in it. */
async function postInSession(url: string, token: string, message: unknown): Promise<Response> {
  const authorization = `Bearer ${token}`;
  const opened = await fetch(url, {
    method: "POST",
    headers: { ...MCP_POST_HEADERS, authorization },
    body: JSON.stringify(initializeRequest(1, "table-test")),
  });
  await opened.text();
  const session = opened.headers.get("mcp-session-id") ?? "";
  return fetch(url, {
    method: "POST",
    headers: { ...MCP_POST_HEADERS, authorization, "mcp-session-id": session },
    body: JSON.stringify(message),
  });
}

describe("a token table", () => {
  it("names the row's subject, name and scopes to the tools", async () => {
    const { url } = await start();
    const alice = await connectAs(url, "alice-token");
    expect(structured(await alice.callTool({ name: "whoami", arguments: {} }))).toEqual({
      subject: "alice",
      name: "Alice",
      scopes: ["tabletop:play"],
    });
  });

  it("refuses a tool call the token's scopes do not cover with 403 insufficient_scope", async () => {
    const { url } = await start();
    const refused = await postInSession(url, "alice-token", {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "counter_increment", arguments: {} },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="campaign:write"',
    );
    const bob = await connectAs(url, "bob-token");
    expect(structured(await bob.callTool({ name: "counter_increment", arguments: {} }))).toEqual({
      value: 1,
    });
  });

  it("checks resource reads and subscriptions; writing a campaign includes reading it", async () => {
    const { url } = await start();
    for (const method of ["resources/read", "resources/subscribe"]) {
      const message = { jsonrpc: "2.0", id: 2, method, params: { uri: "counter://value" } };
      const refused = await postInSession(url, "alice-token", message);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("www-authenticate")).toBe(
        'Bearer error="insufficient_scope", scope="campaign:read"',
      );
      expect((await postInSession(url, "bob-token", message)).status).toBe(200);
    }
    const open = await postInSession(url, "alice-token", {
      jsonrpc: "2.0",
      id: 3,
      method: "resources/read",
      params: { uri: "note://hello" },
    });
    expect(open.status).toBe(200);
  });

  it("answers a token not in the table, or none, with 401", async () => {
    const { url } = await start();
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: "POST",
        headers: { ...MCP_POST_HEADERS, ...headers },
        body: JSON.stringify(initializeRequest(1, "table-test")),
      });
    const wrong = await post({ authorization: "Bearer carol-token" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="the token is not in the token table"',
    );
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
  });

  it("shows the health details only to a token with the server's health scope", async () => {
    const { url } = await start();
    expect(await health(url, { authorization: "Bearer alice-token" })).toEqual({ status: "ok" });
    expect(await health(url, { authorization: "Bearer bob-token" })).toMatchObject({
      status: "ok",
      name: "kit-fixture",
    });
  });
});

describe("a token table row whose subject hides a character", () => {
  it.each([
    ["a zero-width space", "bob\u200B", "U+200B (an invisible format character) at character 4"],
    ["a right-to-left override", "bob\u202E", "U+202E (a bidirectional control) at character 4"],
  ])("stops the server with exit 2 and one line naming the row (%s)", (_what, sub, character) => {
    const file = join(mkdtempSync(join(tmpdir(), "hidden-subject-")), "tokens.json");
    writeFileSync(file, JSON.stringify({ tokens: [ROWS[0], { ...ROWS[1], sub }] }));
    // A server that accepted the row would serve until killed: the time limit ends it.
    const run = spawnSync(
      process.execPath,
      [FIXTURE_ENTRY, "--transport", "http", "--port", "0", "--auth-tokens", file],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "" }, timeout: 20_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`tokens.1.sub contains ${character}`);
    expect(run.stderr).not.toContain(sub);
  });
});
