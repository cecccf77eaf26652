// docs/gateway.md §4.6: each upstream is probed once with server/discover and spoken to in its
// own era. One gateway fronts two upstreams that serve only 2026-07-28 (one over HTTP, one over a
// shared stdio connection) and two that serve only the 2025 revisions over stdio: one that never
// answers the probe, one that answers it with an error and runs a child per session. Clients of
// both eras use all of them.
import type { ClientEra } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fetchHealth,
  fixtureStdio,
  type HttpChild,
  MODERN_FIXTURE_ENTRY,
  type ModernRecord,
  modernRecord,
  openHttpSession,
  readRecord,
  resourceUpdates,
  type Session,
  startGatewayHttp,
  startModernFixture,
  toolNames,
  upstreamOf,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const ERAS: ClientEra[] = ["legacy", "modern"];
const TRACE = {
  traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
  tracestate: "congo=t61rcWkgMzE",
};

let modern: HttpChild;
let gateway: HttpChild;

beforeAll(async () => {
  modern = await startModernFixture(["--name", "modern"]);
  const config = writeConfig({
    mcpServers: {
      modern: { url: modern.url, prefix: "m" },
      fresh: {
        command: process.execPath,
        args: [MODERN_FIXTURE_ENTRY, "--transport", "stdio", "--name", "fresh"],
        prefix: "f",
      },
      old: fixtureStdio(
        ["--name", "old", "--scheme", "old", "--prompt", "old-greet", "--discover", "silent"],
        { probe_timeout_ms: 500 },
      ),
      each: fixtureStdio(["--name", "each", "--scheme", "each", "--prompt", "each-greet"], {
        prefix: "e",
        per_session: true,
      }),
    },
  });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

async function session(era: ClientEra): Promise<Session> {
  return openHttpSession(gateway.url, "", {}, era);
}

/**
 * The URI under which a client sees the resource `path` of the upstream whose scheme is
 * `scheme`: the upstream's own, or as the gateway exposes it for an upstream with a prefix
 * (docs/gateway.md §5.1). Tool arguments the upstream reads keep the upstream's own URI.
 */
async function exposedUri(client: Session, scheme: string, path: string): Promise<string> {
  const { resources } = await client.client.listResources();
  const found = resources
    .map((resource) => resource.uri)
    .find((uri) => uri.startsWith(`${scheme}://`) && uri.endsWith(`/${path}`));
  if (!found) throw new Error(`no resource ${scheme}://…/${path} is listed`);
  return found;
}

/** The stdio 2026-07-28 fixture's record, read through the gateway. */
async function freshRecord(client: Session): Promise<ModernRecord> {
  return (await call(client.client, "f___record")).structuredContent as unknown as ModernRecord;
}

describe("each upstream's era", () => {
  it("is shown in /mcp/health and gateway://stats", async () => {
    const health = await fetchHealth(gateway.origin);
    expect(upstreamOf(health, "modern")).toMatchObject({ state: "ready", era: "2026-07-28" });
    expect(upstreamOf(health, "fresh")).toMatchObject({ state: "ready", era: "2026-07-28" });
    expect(upstreamOf(health, "old")).toMatchObject({ state: "ready", era: "2025-11-25" });
    expect(upstreamOf(health, "each")).toMatchObject({ state: "ready", era: "2025-11-25" });
    const client = await session("legacy");
    const read = await client.client.readResource({ uri: "gateway://stats" });
    const first = read.contents[0];
    const stats = JSON.parse(first && "text" in first ? first.text : "{}");
    const eras = Object.fromEntries(
      (stats.upstreams as { name: string; era: string }[]).map((row) => [row.name, row.era]),
    );
    expect(eras).toEqual({
      modern: "2026-07-28",
      fresh: "2026-07-28",
      old: "2025-11-25",
      each: "2025-11-25",
    });
    await client.close();
  });
});

describe.each(ERAS)("a %s client", (era) => {
  it("lists and calls the tools of upstreams of both eras", async () => {
    const client = await session(era);
    const names = await toolNames(client.client);
    expect(names).toEqual(
      expect.arrayContaining(["m__echo", "m__touch", "f__echo", "echo", "e__echo"]),
    );
    for (const tool of ["m__echo", "f__echo", "echo", "e__echo"]) {
      const result = await call(client.client, tool, { said: tool });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ arguments: { said: tool } });
    }
    await client.close();
  });

  it("reads the resources and gets the prompts of upstreams of both eras", async () => {
    const client = await session(era);
    const uris = (await client.client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toContain("old://item/1");
    const modernNote = await exposedUri(client, "modern", "2");
    const note = await client.client.readResource({ uri: modernNote });
    expect(note.contents).toEqual([
      { uri: modernNote, mimeType: "text/plain", text: "note 2 of modern" },
    ]);
    const freshNote = await exposedUri(client, "fresh", "1");
    const fresh = await client.client.readResource({ uri: freshNote });
    expect(fresh.contents).toEqual([
      { uri: freshNote, mimeType: "text/plain", text: "note 1 of fresh" },
    ]);
    const item = await client.client.readResource({ uri: "old://item/3" });
    expect(item.contents).toEqual([
      { uri: "old://item/3", mimeType: "text/plain", text: "item 3 of old" },
    ]);
    const greeting = await client.client.getPrompt({
      name: "m__modern-greet",
      arguments: { who: "Ada" },
    });
    expect(greeting.messages[0]?.content).toEqual({
      type: "text",
      text: "Hello Ada, from modern.",
    });
    await client.close();
  });

  it("passes traceparent and tracestate on to upstreams of both eras", async () => {
    const client = await session(era);
    const traced = { name: "m__echo", arguments: {}, _meta: { ...TRACE, note: era } };
    await client.client.request({ method: "tools/call", params: traced });
    await client.client.request({
      method: "resources/read",
      params: { uri: await exposedUri(client, "modern", "1"), _meta: TRACE },
    });
    await client.client.request({
      method: "prompts/get",
      params: { name: "m__modern-greet", arguments: { who: "Ada" }, _meta: TRACE },
    });
    const wire = (await modernRecord(modern)).meta;
    expect(wire["tools/call"]).toMatchObject({ ...TRACE, note: era });
    expect(wire["resources/read"]).toMatchObject(TRACE);
    expect(wire["prompts/get"]).toMatchObject(TRACE);

    const freshEcho = await client.client.request({
      method: "tools/call",
      params: { name: "f__echo", arguments: {}, _meta: { ...TRACE, note: era } },
    });
    expect((freshEcho.structuredContent as { _meta: unknown })._meta).toMatchObject({
      ...TRACE,
      note: era,
    });
    await client.client.request({
      method: "resources/read",
      params: { uri: await exposedUri(client, "fresh", "1"), _meta: TRACE },
    });
    expect((await freshRecord(client)).meta["resources/read"]).toMatchObject(TRACE);

    for (const tool of ["echo", "e__echo"]) {
      const echoed = await client.client.request({
        method: "tools/call",
        params: { name: tool, arguments: {}, _meta: TRACE },
      });
      expect((echoed.structuredContent as { _meta: unknown })._meta).toMatchObject(TRACE);
    }
    await client.client.request({
      method: "resources/read",
      params: { uri: "old://item/1", _meta: TRACE },
    });
    await client.client.request({
      method: "prompts/get",
      params: { name: "old-greet", arguments: { who: "Ada" }, _meta: TRACE },
    });
    const old = await readRecord(client.client, "_record");
    expect(old.meta["resources/read"]).toMatchObject(TRACE);
    expect(old.meta["prompts/get"]).toMatchObject(TRACE);
    await client.close();
  });
});

describe("a 2025 client of a 2026-07-28 upstream", () => {
  it("hears of updates of the resources it subscribed to through the gateway", async () => {
    const client = await session("legacy");
    const [one, three] = [
      await exposedUri(client, "modern", "1"),
      await exposedUri(client, "modern", "3"),
    ];
    await client.client.subscribeResource({ uri: three });
    await call(client.client, "m__touch", { uri: "modern://note/1" });
    await call(client.client, "m__touch", { uri: "modern://note/3" });
    await waitFor(() => resourceUpdates(client, three) === 1, "the update of note 3");
    expect(resourceUpdates(client, one)).toBe(0);
    const update = client.notifications.find(
      (notification) => notification.method === "notifications/resources/updated",
    );
    expect(update?.params).toEqual({ uri: three });

    await client.client.unsubscribeResource({ uri: three });
    await call(client.client, "m__touch", { uri: "modern://note/3" });
    await call(client.client, "echo", {});
    expect(resourceUpdates(client, three)).toBe(1);
    await client.close();
  });

  it("hears of updates of resources subscribed through a shared stdio connection", async () => {
    const first = await session("legacy");
    const second = await session("legacy");
    const two = await exposedUri(first, "fresh", "2");
    for (const client of [first, second]) {
      await client.client.listResources();
      await client.client.subscribeResource({ uri: two });
    }
    await call(first.client, "f__touch", { uri: "fresh://note/2" });
    await waitFor(
      () => resourceUpdates(first, two) === 1 && resourceUpdates(second, two) === 1,
      "the update in both sessions",
    );
    // The first to let go leaves the URI with the other; after the last, nobody hears of it.
    await first.client.unsubscribeResource({ uri: two });
    await call(first.client, "f__touch", { uri: "fresh://note/2" });
    await waitFor(() => resourceUpdates(second, two) === 2, "the second update");
    await second.client.unsubscribeResource({ uri: two });
    await call(first.client, "f__touch", { uri: "fresh://note/2" });
    await call(first.client, "echo", {});
    expect([resourceUpdates(first, two), resourceUpdates(second, two)]).toEqual([1, 2]);
    await first.close();
    await second.close();
  });

  it("gets the upstream's log messages at the level it set", async () => {
    const client = await session("legacy");
    await call(client.client, "m__log", { level: "info", message: "before any level" });
    await client.client.setLoggingLevel("info");
    await call(client.client, "m__log", { level: "debug", message: "too fine" });
    await call(client.client, "m__log", { level: "warning", message: "heard" });
    await waitFor(
      () =>
        client.notifications.some(
          (notification) => notification.method === "notifications/message",
        ),
      "a log message",
    );
    const logs = client.notifications
      .filter((notification) => notification.method === "notifications/message")
      .map((notification) => notification.params);
    expect(logs).toEqual([{ level: "warning", logger: "modern", data: "heard" }]);
    await client.close();
  });

  it.each([
    ["HTTP", "m__new_notes"],
    ["shared stdio", "f__new_notes"],
  ])("hears that the resources of a %s upstream changed", async (_, tool) => {
    const client = await session("legacy");
    await call(client.client, tool);
    await waitFor(
      () =>
        client.notifications.some(
          (notification) => notification.method === "notifications/resources/list_changed",
        ),
      "resources/list_changed",
    );
    await client.close();
  });

  it("hears that the upstream's tools changed", async () => {
    const client = await session("legacy");
    await call(client.client, "m__add_tool", { name: "late" });
    await waitFor(
      () =>
        client.notifications.some(
          (notification) => notification.method === "notifications/tools/list_changed",
        ),
      "tools/list_changed",
    );
    expect(await toolNames(client.client)).toContain("m__late");
    expect((await call(client.client, "m__late", { x: 1 })).structuredContent).toMatchObject({
      arguments: { x: 1 },
    });
    await client.close();
  });
});

describe("the probe", () => {
  it("reaches each upstream once, however many connections the gateway makes to it", async () => {
    const sessions = await Promise.all(
      ["legacy", "modern", "legacy", "modern", "legacy"].map((era) => session(era as ClientEra)),
    );
    for (const client of sessions) {
      await call(client.client, "m__echo", {});
      await call(client.client, "e__echo", {});
    }
    // One probe, and one initialize it refused when asked whether it also takes 2025.
    const record = await modernRecord(modern);
    expect(record.methods["server/discover"]).toBe(1);
    expect(record.methods.initialize).toBe(1);
    expect(record.methods["tools/call"]).toBeGreaterThanOrEqual(sessions.length);

    // The shared child was probed once, without an answer; each session's own child of the
    // per-session upstream was never probed: it got the verdict of the upstream's catalog child.
    const [first] = sessions;
    if (!first) throw new Error("no session");
    const fresh = await freshRecord(first);
    expect(fresh.methods["server/discover"]).toBe(1);
    expect(fresh.methods.initialize).toBeUndefined();
    expect((await readRecord(first.client, "_record")).discover).toBe(1);
    const own = await readRecord(first.client, "e___record");
    expect(own.discover).toBe(0);
    expect(own.sessions.stdio).toMatchObject({ initialize: 1, initialized: 1 });
    for (const client of sessions) await client.close();
  });
});

describe("an upstream that serves both eras", () => {
  it("is spoken to in the 2025 revisions, over HTTP and over stdio", async () => {
    const both = await startModernFixture(["--name", "both", "--legacy", "serve"]);
    const config = writeConfig({
      mcpServers: {
        both: { url: both.url, prefix: "b" },
        twin: {
          command: process.execPath,
          args: [
            MODERN_FIXTURE_ENTRY,
            "--transport",
            "stdio",
            "--name",
            "twin",
            "--legacy",
            "serve",
          ],
          prefix: "t",
        },
      },
    });
    const dual = await startGatewayHttp(["--config", config]);
    const health = await fetchHealth(dual.origin);
    expect(upstreamOf(health, "both")).toMatchObject({ state: "ready", era: "2025-11-25" });
    expect(upstreamOf(health, "twin")).toMatchObject({ state: "ready", era: "2025-11-25" });

    const client = await openHttpSession(dual.url, "", {}, "modern");
    expect((await call(client.client, "b__echo", { n: 1 })).structuredContent).toMatchObject({
      arguments: { n: 1 },
    });
    const http = await modernRecord(both);
    expect(http.methods["server/discover"]).toBe(1);
    expect(http.methods.initialize).toBeGreaterThanOrEqual(1);
    // The probed child was replaced by one that heard initialize first.
    const twin = (await call(client.client, "t___record"))
      .structuredContent as unknown as ModernRecord;
    expect(twin.methods["server/discover"]).toBeUndefined();
    expect(twin.methods.initialize).toBe(1);
    await client.close();
    await dual.stop();
  });
});
