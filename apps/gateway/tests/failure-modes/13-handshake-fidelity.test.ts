// docs/gateway.md §15, item 13: peers drop upstream instructions, forward the client's initialized
// notification into upstream sessions that already had one, and strip _meta on the way through.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  readRecord,
  startFixtureHttpProcess,
  startGatewayHttp,
  writeConfig,
} from "../helpers/gateway.js";

const GATEWAY_VERSION: string = JSON.parse(
  readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;

let remote: HttpChild;
let gateway: HttpChild;

const distinct = (name: string) => ["--name", name, "--scheme", name, "--prompt", name];

beforeAll(async () => {
  remote = await startFixtureHttpProcess([
    ...distinct("epsilon"),
    "--instructions",
    "Epsilon over HTTP.",
  ]);
  const config = writeConfig({
    mcpServers: {
      alpha: fixtureStdio([...distinct("alpha"), "--instructions", "Alpha says hi."]),
      beta: fixtureStdio([...distinct("beta"), "--instructions", "  Beta speaks.\n\n"], {
        prefix: "b",
      }),
      gamma: fixtureStdio([...distinct("gamma"), "--instructions", ""], { prefix: "g" }),
      delta: fixtureStdio([...distinct("delta"), "--instructions", "Delta last."], { prefix: "d" }),
      epsilon: { url: remote.url, prefix: "e" },
    },
    gateway: { instructions: "Table rules: roll in the open." },
  });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

describe("the downstream initialize", () => {
  it("merges every upstream's instructions in config order, with prefix lines", async () => {
    const session = await openHttpSession(gateway.url);
    const expected = [
      "Table rules: roll in the open.",
      "This endpoint combines several MCP servers; each section below comes from one of them.",
      "",
      "## alpha",
      "Alpha says hi.",
      "",
      "## beta",
      "Tools from this server are named b__<tool>.",
      "Beta speaks.",
      "",
      "## delta",
      "Tools from this server are named d__<tool>.",
      "Delta last.",
      "",
      "## epsilon",
      "Tools from this server are named e__<tool>.",
      "Epsilon over HTTP.",
    ].join("\n");
    expect(session.client.getInstructions()).toBe(expected);
    expect(session.client.getServerVersion()?.name).toBe("tabletop-gateway");
    await session.close();
  });
});

describe("upstream handshakes", () => {
  it("see exactly one initialize and one initialized per upstream session, however many clients", async () => {
    const sessions = await Promise.all([
      openHttpSession(gateway.url),
      openHttpSession(gateway.url),
    ]);
    for (const session of sessions) await readRecord(session.client, "e___record");
    const [first] = sessions;
    if (!first) throw new Error("no session");

    const shared = await readRecord(first.client, "_record");
    // A shared connection identifies as the gateway itself, with the gateway's own version.
    expect(shared.sessions).toEqual({
      stdio: {
        initialize: 1,
        initialized: 1,
        open: true,
        client: { name: "tabletop-gateway", version: GATEWAY_VERSION },
      },
    });
    const http = await readRecord(first.client, "e___record");
    const upstreamSessions = Object.values(http.sessions);
    // The catalog session plus one per downstream session that used it.
    expect(upstreamSessions.length).toBeGreaterThanOrEqual(3);
    for (const upstream of upstreamSessions) {
      expect(upstream).toMatchObject({ initialize: 1, initialized: 1 });
    }
    for (const session of sessions) await session.close();
  });
});

describe("tools/call _meta", () => {
  it.each([
    ["a shared stdio upstream", "echo"],
    ["a per-session HTTP upstream", "e__echo"],
  ])("passes through %s both ways, remapping only progressToken", async (_, tool) => {
    const session = await openHttpSession(gateway.url);
    const resultMeta = { "example.org/back": { nested: [1, "two"] }, plain: "yes" };
    const result = await session.client.request({
      method: "tools/call",
      params: {
        name: tool,
        arguments: { result_meta: resultMeta },
        _meta: { "example.org/trace": "abc-123", other: { deep: true } },
      },
    });
    const received = (result.structuredContent as { _meta: Record<string, unknown> })._meta;
    const { progressToken: _token, ...rest } = received;
    expect(rest).toEqual({ "example.org/trace": "abc-123", other: { deep: true } });
    expect(result._meta).toEqual(resultMeta);
    await session.close();
  });
});
