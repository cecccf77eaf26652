// docs/gateway.md §4.6: a 2026-07-28 connection takes the 2025 requests the gateway sends it.
// Subscriptions become the URIs of its listen stream (counted, so a URI two subscribers hold
// stays until both let go), the logging level goes in each request's _meta, and what the upstream
// adds for its own hop (the listen stream's subscription id, its serverInfo) is not passed on.
// The upstream is the SDK's createMcpHandler, driven in process through its fetch function.
import {
  type JSONRPCNotification,
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { createMcpHandler, Server } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { connectUpstreamClient } from "../../src/upstreams/upstream-client.js";
import type { UpstreamConnection } from "../../src/upstreams/upstream-connection.js";

const NOTES = ["note://1", "note://2"];

/** What the upstream saw: the log level each tools/call carried. */
const seen: { levels: (LoggingLevel | undefined)[] } = { levels: [] };

function buildServer(): Server {
  const server = new Server(
    { name: "upstream", version: "1.0.0" },
    { capabilities: { tools: { listChanged: true }, resources: { subscribe: true }, logging: {} } },
  );
  server.setRequestHandler("tools/list", () => ({ tools: [] }));
  server.setRequestHandler("tools/call", (_request, ctx) => {
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    seen.levels.push(envelope?.[LOG_LEVEL_META_KEY] as LoggingLevel | undefined);
    return { content: [{ type: "text", text: "done" }], _meta: { "example.org/kept": true } };
  });
  server.setRequestHandler("resources/list", () => ({
    resources: NOTES.map((uri) => ({ uri, name: uri })),
  }));
  server.setRequestHandler("resources/read", (request) => ({
    contents: [{ uri: request.params.uri, text: "note" }],
  }));
  return server;
}

const handler = createMcpHandler(buildServer, { legacy: "reject" });
const opened: UpstreamConnection[] = [];

async function connect(listChanges = false) {
  const notifications: JSONRPCNotification[] = [];
  const transport = new StreamableHTTPClientTransport(new URL("http://upstream.test/mcp"), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  const connection = await connectUpstreamClient(
    transport,
    { clientInfo: { name: "tabletop-gateway", version: "0" }, capabilities: {} },
    { notification: (notification) => notifications.push(notification), closed: () => {} },
    { era: { probeTimeoutMs: 2000 }, timeoutMs: 5000, listen: { listChanges } },
  );
  opened.push(connection);
  await connection.start();
  return { connection, notifications };
}

/** The URIs of the updates received, in order. */
function updated(notifications: JSONRPCNotification[]): string[] {
  return notifications
    .filter((notification) => notification.method === "notifications/resources/updated")
    .map((notification) => String(notification.params?.uri));
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((connection) => connection.close()));
  seen.levels = [];
});

describe("a 2026-07-28 upstream connection", () => {
  it("speaks the era its probe found", async () => {
    const { connection } = await connect();
    expect(connection.modern).toBe(true);
    expect(connection.protocolVersion).toBe("2026-07-28");
    expect(connection.verdict).toMatchObject({
      kind: "modern",
      discover: { supportedVersions: ["2026-07-28"] },
    });
  });

  it("hears of the URIs subscribed, each until its last subscriber lets go", async () => {
    const { connection, notifications } = await connect();
    await connection.request({ method: "resources/subscribe", params: { uri: "note://1" } });
    await connection.request({ method: "resources/subscribe", params: { uri: "note://1" } });
    await connection.request({ method: "resources/subscribe", params: { uri: "note://2" } });
    handler.notify.resourceUpdated("note://1");
    handler.notify.resourceUpdated("note://2");
    await settle();
    expect(updated(notifications)).toEqual(["note://1", "note://2"]);

    await connection.request({ method: "resources/unsubscribe", params: { uri: "note://1" } });
    await connection.request({ method: "resources/unsubscribe", params: { uri: "note://2" } });
    handler.notify.resourceUpdated("note://1");
    handler.notify.resourceUpdated("note://2");
    await settle();
    // The stream being replaced may still carry an update of a URI kept (so it may come twice),
    // but never one of a URI let go.
    const second = updated(notifications).slice(2);
    expect(second).toContain("note://1");
    expect(new Set(second)).toEqual(new Set(["note://1"]));

    await connection.request({ method: "resources/unsubscribe", params: { uri: "note://1" } });
    const heard = updated(notifications).length;
    handler.notify.resourceUpdated("note://1");
    await settle();
    expect(updated(notifications)).toHaveLength(heard);
  });

  it("passes updates on without the listen stream's subscription id", async () => {
    const { connection, notifications } = await connect();
    await connection.request({ method: "resources/subscribe", params: { uri: "note://2" } });
    handler.notify.resourceUpdated("note://2");
    await settle();
    expect(notifications).toEqual([
      { jsonrpc: "2.0", method: "notifications/resources/updated", params: { uri: "note://2" } },
    ]);
  });

  it("hears of list changes when it is the catalog's", async () => {
    const catalog = await connect(true);
    const session = await connect(false);
    handler.notify.toolsChanged();
    await settle();
    const methods = (list: JSONRPCNotification[]) => list.map((item) => item.method);
    expect(methods(catalog.notifications)).toEqual(["notifications/tools/list_changed"]);
    expect(methods(session.notifications)).toEqual([]);
  });

  it("sends the logging level in each later request's _meta, unless the request names one", async () => {
    const { connection } = await connect();
    const call = (meta?: Record<string, unknown>) =>
      connection.request({
        method: "tools/call",
        params: { name: "any", arguments: {}, ...(meta ? { _meta: meta } : {}) },
      });
    await call();
    await connection.request({ method: "logging/setLevel", params: { level: "warning" } });
    await call();
    await call({ [LOG_LEVEL_META_KEY]: "debug" });
    expect(seen.levels).toEqual([undefined, "warning", "debug"]);
  });

  it("keeps a result's own _meta but not the upstream's serverInfo", async () => {
    const { connection } = await connect();
    const result = await connection.request({
      method: "tools/call",
      params: { name: "any", arguments: {} },
    });
    expect(result._meta).toEqual({ "example.org/kept": true });
    const read = await connection.request({
      method: "resources/read",
      params: { uri: "note://1" },
    });
    expect(read._meta).toBeUndefined();
  });
});
