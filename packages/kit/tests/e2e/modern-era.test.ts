import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { clientOptions, initializeRequest, runStdioLines } from "../../src/testing.js";
import { FIXTURE_ENTRY, startHttpFixture, structured } from "./harness.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** A modern POST as a client that did not use the SDK would send it. */
function modernPost(
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const params = (body.params ?? {}) as Record<string, unknown>;
  const name = typeof params.name === "string" ? params.name : params.uri;
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": String(body.method),
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", ...body }),
  });
}

async function pinnedHttp(url: string, era: "modern" | "auto" | "legacy" = "modern") {
  const client = new Client({ name: "modern-test", version: "1.0.0" }, clientOptions(era));
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  closers.push(() => client.close());
  return client;
}

async function pinnedStdio(era: "modern" | "auto" | "legacy") {
  const client = new Client({ name: "modern-test", version: "1.0.0" }, clientOptions(era));
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [FIXTURE_ENTRY], stderr: "pipe" }),
  );
  closers.push(() => client.close());
  return client;
}

describe("the 2026-07-28 era over HTTP", () => {
  const start = async () => {
    const handle = await startHttpFixture();
    closers.push(() => handle.close());
    return handle;
  };

  it("serves a pinned client with no session, and a 2025 client on the same endpoint", async () => {
    const { url, sessions } = await start();
    const modern = await pinnedHttp(url);
    expect(modern.getProtocolEra()).toBe("modern");
    const tools = await modern.listTools();
    expect(tools.tools.map((tool) => tool.name)).toContain("add");
    expect(structured(await modern.callTool({ name: "add", arguments: { a: 2, b: 3 } }))).toEqual({
      sum: 5,
    });
    expect(sessions.size).toBe(0);
    const legacy = await pinnedHttp(url, "legacy");
    expect(legacy.getProtocolEra()).toBe("legacy");
    expect(structured(await legacy.callTool({ name: "add", arguments: { a: 1, b: 1 } }))).toEqual({
      sum: 2,
    });
    expect(sessions.size).toBe(1);
    const auto = await pinnedHttp(url, "auto");
    expect(auto.getProtocolEra()).toBe("modern");
  });

  it("answers server/discover with the versions, capabilities and server identity", async () => {
    const { url } = await start();
    const response = await modernPost(url, {
      id: 7,
      method: "server/discover",
      params: { _meta: MODERN_META },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: number; result: Record<string, unknown> };
    expect(body.id).toBe(7);
    expect(body.result.supportedVersions).toContain("2026-07-28");
    expect(body.result.resultType).toBe("complete");
    expect(body.result.capabilities).toMatchObject({ tools: {}, resources: {} });
    expect(
      (body.result._meta as Record<string, unknown>)["io.modelcontextprotocol/serverInfo"],
    ).toMatchObject({
      name: "kit-fixture",
    });
  });

  it("refuses a request without the envelope with -32602 and its id, and a header mismatch with -32020", async () => {
    const { url } = await start();
    const noEnvelope = await modernPost(url, {
      id: "n1",
      method: "tools/list",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
    });
    expect(noEnvelope.status).toBe(400);
    const refused = (await noEnvelope.json()) as { id: unknown; error: { code: number } };
    expect(refused).toMatchObject({ id: "n1", error: { code: -32602 } });
    const mismatch = await modernPost(
      url,
      {
        id: "m1",
        method: "tools/call",
        params: { name: "add", arguments: { a: 1, b: 2 }, _meta: MODERN_META },
      },
      { "mcp-name": "echo" },
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ id: "m1", error: { code: -32020 } });
  });

  it("refuses an unsupported version with -32022 naming the supported ones", async () => {
    const { url } = await start();
    const response = await modernPost(
      url,
      {
        id: 1,
        method: "tools/list",
        params: {
          _meta: { ...MODERN_META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" },
        },
      },
      { "mcp-protocol-version": "2099-01-01" },
    );
    const body = (await response.json()) as {
      id: number;
      error: { code: number; data?: { supported?: string[] } };
    };
    expect(body.id).toBe(1);
    expect(body.error.code).toBe(-32022);
    expect(body.error.data?.supported).toContain("2026-07-28");
  });

  it("marks lists every caller shares public for an hour, and reads private, unkept", async () => {
    const { url } = await start();
    const list = await modernPost(url, {
      id: 1,
      method: "tools/list",
      params: { _meta: MODERN_META },
    });
    expect(((await list.json()) as { result: unknown }).result).toMatchObject({
      ttlMs: 3_600_000,
      cacheScope: "public",
    });
    const read = await modernPost(url, {
      id: 2,
      method: "resources/read",
      params: { uri: "note://hello", _meta: MODERN_META },
    });
    expect(((await read.json()) as { result: unknown }).result).toMatchObject({
      ttlMs: 0,
      cacheScope: "private",
      contents: [{ uri: "note://hello", text: "Hello, world" }],
    });
  });

  it("answers a missing resource with -32602 and data.uri", async () => {
    const { url } = await start();
    const response = await modernPost(url, {
      id: "r1",
      method: "resources/read",
      params: { uri: "note://missing", _meta: MODERN_META },
    });
    expect(await response.json()).toMatchObject({
      id: "r1",
      error: { code: -32602, data: { uri: "note://missing" } },
    });
  });

  it("keeps the kit's answers: invalid arguments, unknown tool, prototype keys", async () => {
    const { url } = await start();
    const client = await pinnedHttp(url);
    const invalid = await client.callTool({ name: "add", arguments: { a: "x", b: 1 } });
    expect(invalid.isError).toBe(true);
    expect(structured(invalid)).toMatchObject({
      error: { message: "Invalid parameters provided" },
    });
    const proto = await client.request({
      method: "tools/call",
      params: { name: "add", arguments: JSON.parse('{"a":1,"b":2,"__proto__":{"x":1}}') },
    });
    expect(proto.isError).toBe(true);
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it("serves a body 1,000 levels deep and refuses one a level deeper with 400 -32600", async () => {
    const { url } = await start();
    // The message is level 1, params 2, arguments 3, `a` opens the rest as arrays.
    const nested = (depth: number) =>
      JSON.parse(`${"[".repeat(depth - 3)}${"]".repeat(depth - 3)}`);
    const call = (id: string, depth: number) =>
      modernPost(url, {
        id,
        method: "tools/call",
        params: { name: "add", arguments: { a: nested(depth), b: 1 }, _meta: MODERN_META },
      });
    const served = await call("deepest", 1_000);
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ id: "deepest", result: { isError: true } });
    const refused = await call("deeper", 1_001);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      id: "deeper",
      error: { code: -32600, message: expect.stringContaining("1,000 levels") },
    });
  });

  it("hears resource updates on a listen stream, and counts it in /mcp/health", async () => {
    const { url } = await start();
    const client = await pinnedHttp(url);
    const heard: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push(params.uri);
    });
    const subscription = await client.listen({ resourceSubscriptions: ["note://hello"] });
    await client.callTool({ name: "touch_note", arguments: { name: "hello", times: 1 } });
    await client.callTool({ name: "touch_note", arguments: { name: "other", times: 1 } });
    await expect.poll(() => heard).toEqual(["note://hello"]);
    const health = (await (await fetch(url.replace(/\/mcp$/, "/mcp/health"))).json()) as {
      modern: { listen_streams: number };
    };
    expect(health.modern.listen_streams).toBe(1);
    await subscription.close();
  });

  it("tells the hub which URIs open listen streams hear, so missed changes can be announced again", async () => {
    const { url, hub } = await start();
    const first = await pinnedHttp(url);
    const second = await pinnedHttp(url);
    const one = await first.listen({ resourceSubscriptions: ["note://a", "note://b"] });
    const two = await second.listen({ resourceSubscriptions: ["note://b", "note://c"] });
    expect(hub.subscribedUris().sort()).toEqual(["note://a", "note://b", "note://c"]);
    await one.close();
    await expect.poll(() => hub.subscribedUris().sort()).toEqual(["note://b", "note://c"]);
    const heard: string[] = [];
    second.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push(params.uri);
    });
    for (const uri of hub.subscribedUris()) hub.updated(uri);
    await expect.poll(() => heard.sort()).toEqual(["note://b", "note://c"]);
    await two.close();
    await expect.poll(() => hub.subscribedUris()).toEqual([]);
  });

  it("refuses a listen stream naming more resources than a session may subscribe to, and keeps serving", async () => {
    const { url } = await start();
    const listen = (count: number) =>
      modernPost(url, {
        id: "many",
        method: "subscriptions/listen",
        params: {
          _meta: MODERN_META,
          notifications: {
            resourceSubscriptions: Array.from({ length: count }, () => "note://hello"),
          },
        },
      });
    const refused = await listen(1_001);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      jsonrpc: "2.0",
      id: "many",
      error: {
        code: -32602,
        message: expect.stringContaining("params.notifications.resourceSubscriptions"),
      },
    });
    const client = await pinnedHttp(url);
    const subscription = await client.listen({
      resourceSubscriptions: Array.from({ length: 1_000 }, (_, index) => `note://n${index}`),
    });
    expect(structured(await client.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toEqual({
      sum: 3,
    });
    await subscription.close();
  });
});

describe("the 2026-07-28 era over stdio", () => {
  it.each(["modern", "auto"] as const)(
    "serves a %s client, chosen by its first message",
    async (era) => {
      const client = await pinnedStdio(era);
      expect(client.getProtocolEra()).toBe("modern");
      expect(structured(await client.callTool({ name: "add", arguments: { a: 4, b: 5 } }))).toEqual(
        {
          sum: 9,
        },
      );
      const read = await client.readResource({ uri: "note://hello" });
      expect(read.contents[0]).toMatchObject({ uri: "note://hello", text: "Hello, world" });
    },
  );

  it("hears resource updates on a listen stream, only of the URIs it names, until it closes", async () => {
    const client = await pinnedStdio("modern");
    const heard: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push(params.uri);
    });
    const first = await client.listen({ resourceSubscriptions: ["note://hello"] });
    const second = await client.listen({ resourceSubscriptions: ["note://hello", "note://b"] });
    await client.callTool({ name: "touch_note", arguments: { name: "hello", times: 1 } });
    await client.callTool({ name: "touch_note", arguments: { name: "other", times: 1 } });
    await client.callTool({ name: "touch_note", arguments: { name: "b", times: 1 } });
    // note://hello reaches both streams; note://b the second alone.
    await expect
      .poll(() => [...heard].sort())
      .toEqual(["note://b", "note://hello", "note://hello"]);
    await first.close();
    await second.close();
    await client.callTool({ name: "touch_note", arguments: { name: "hello", times: 1 } });
    await client.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    expect(heard).toHaveLength(3);
  });

  it("still serves a 2025 client", async () => {
    const client = await pinnedStdio("legacy");
    expect(client.getProtocolEra()).toBe("legacy");
    expect(structured(await client.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toEqual({
      sum: 3,
    });
  });
});

describe("one stdio connection per era, as its raw lines show", () => {
  it("answers a missing resource with -32602 and data.uri in both eras", () => {
    const read = (id: number, meta?: Record<string, unknown>) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "resources/read",
        params: { uri: "note://missing", ...(meta ? { _meta: meta } : {}) },
      });
    const legacy = runStdioLines(
      FIXTURE_ENTRY,
      [],
      [JSON.stringify(initializeRequest(1)), read(2)],
    );
    expect(legacy.messages.find((message) => message.id === 2)).toMatchObject({
      error: { code: -32602, data: { uri: "note://missing" } },
    });
    const modern = runStdioLines(FIXTURE_ENTRY, [], [read(2, MODERN_META)]);
    expect(modern.messages.find((message) => message.id === 2)).toMatchObject({
      error: { code: -32602, data: { uri: "note://missing" } },
    });
  });
});

describe("trace context", () => {
  it("is accepted in _meta and logged with the call at debug", () => {
    const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    const call = JSON.stringify({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: {
        name: "add",
        arguments: { a: 1, b: 1 },
        _meta: { ...MODERN_META, traceparent, tracestate: "tt=1" },
      },
    });
    const run = runStdioLines(FIXTURE_ENTRY, ["--log-level", "debug"], [call]);
    expect(run.messages.find((message) => message.id === 3)).toMatchObject({
      result: { structuredContent: { sum: 2 } },
    });
    const logged = run.stderr.split("\n").filter((line) => line.includes(traceparent));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? "{}")).toMatchObject({
      level: "debug",
      tool: "add",
      traceparent,
      tracestate: "tt=1",
    });
  });
});
