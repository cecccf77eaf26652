// The status page's routes over a real port: the page itself, and its data only for those
// allowed to see gateway://stats (docs/gateway.md §16).
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TextResourceContents } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  startGatewayHttp,
  tempFolder,
  writeConfig,
} from "../helpers/gateway.js";

afterAll(cleanupAll);

const SHARED_TOKEN = "status-shared-token-0123456789";
const ADMIN_TOKEN = "status-admin-token-0123456789";
const PLAYER_TOKEN = "status-player-token-0123456789";

interface StatusData {
  version: string;
  sessions: number;
  default_tier: string;
  tiers: { name: string; p50_ceiling_ms: number | null; sessions: number }[];
  upstreams: { name: string; kind: string; state: string; tools: number; changes: unknown[] }[];
  tools: { name: string; upstream: string; p50_ms: number | null; calls_total: number }[];
}

function config(): string {
  return writeConfig({
    mcpServers: {
      dice: { builtin: "dice" },
      fixture: fixtureStdio(["--name", "fixture", "--tools", "echo,_record"]),
    },
  });
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function getData(origin: string, token?: string): Promise<Response> {
  return fetch(`${origin}/status/data`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

describe("the status routes without auth, from this machine", () => {
  let gateway: HttpChild;
  beforeAll(async () => {
    gateway = await startGatewayHttp(["--config", config(), "--tier", "fast"]);
  });

  it("serve one self-contained HTML page at / and /status, which loads nothing", async () => {
    for (const path of ["/", "/status"]) {
      const response = await fetch(`${gateway.origin}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain("<title>tabletop-gateway status</title>");
      expect(html).not.toMatch(/<script[^>]+src=|<link\b|https?:\/\/(?!www\.w3\.org)/i);
    }
  });

  it("answer the data with each upstream, its kind, state and tool count", async () => {
    const response = await getData(gateway.origin);
    expect(response.status).toBe(200);
    const data = (await response.json()) as StatusData;
    const session = await openHttpSession(gateway.url);
    const listed = (await session.client.listTools()).tools.map((tool) => tool.name);
    const fixtureTools = ["echo", "_record"];
    const diceTools = listed.filter((name) => !fixtureTools.includes(name));
    expect(
      data.upstreams.map(({ name, kind, state, tools }) => ({ name, kind, state, tools })),
    ).toEqual([
      { name: "dice", kind: "builtin", state: "ready", tools: diceTools.length },
      { name: "fixture", kind: "stdio", state: "ready", tools: 2 },
    ]);
    for (const upstream of data.upstreams) {
      expect(upstream.changes).toEqual([
        { at: expect.any(String), from: "starting", to: "ready", error: null },
      ]);
    }
    await session.close();
  });

  it("give the same per-tool figures as gateway://stats, tiers and open sessions", async () => {
    const session = await openHttpSession(gateway.url, "?tier=standard");
    for (let call = 0; call < 3; call++) {
      await session.client.callTool({ name: "echo", arguments: { call } });
    }
    const read = await session.client.readResource({ uri: "gateway://stats" });
    const stats = JSON.parse((read.contents[0] as TextResourceContents).text) as StatusData;
    const data = (await (await getData(gateway.origin)).json()) as StatusData;
    expect(data.tools).toEqual(stats.tools);
    const echo = data.tools.find((tool) => tool.name === "echo");
    expect(echo?.calls_total).toBe(3);
    expect(echo?.p50_ms).toEqual(expect.any(Number));
    expect(data.sessions).toBe(1);
    expect(data.default_tier).toBe("fast");
    expect(data.tiers).toEqual([
      { name: "fast", p50_ceiling_ms: 500, sessions: 0 },
      { name: "standard", p50_ceiling_ms: 1500, sessions: 1 },
      { name: "deep", p50_ceiling_ms: null, sessions: 0 },
    ]);
    await session.close();
  });
});

describe("the status data with the shared --auth-token", () => {
  let gateway: HttpChild;
  beforeAll(async () => {
    gateway = await startGatewayHttp(["--config", config(), "--auth-token", SHARED_TOKEN]);
  });

  it("is refused without the token with 401 in the JSON-RPC error shape; the page is not", async () => {
    const page = await fetch(`${gateway.origin}/status`);
    expect(page.status).toBe(200);
    const response = await getData(gateway.origin);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32000);
    expect(body.error.message).toMatch(/^Unauthorized: .*gateway:admin/);
    const wrong = await getData(gateway.origin, "wrong-token");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
  });

  it("is answered with the token", async () => {
    const response = await getData(gateway.origin, SHARED_TOKEN);
    expect(response.status).toBe(200);
    const data = (await response.json()) as StatusData;
    expect(data.upstreams.map((upstream) => upstream.name)).toEqual(["dice", "fixture"]);
  });
});

describe("the status data with a token table", () => {
  let gateway: HttpChild;
  beforeAll(async () => {
    const folder = tempFolder();
    const table = join(folder, "tokens.json");
    writeFileSync(
      table,
      JSON.stringify({
        tokens: [
          { sha256: sha256(ADMIN_TOKEN), sub: "gm", scopes: ["gateway:admin"] },
          { sha256: sha256(PLAYER_TOKEN), sub: "player", scopes: ["tabletop:play"] },
        ],
      }),
    );
    gateway = await startGatewayHttp(["--config", config(), "--auth-tokens", table]);
  });

  it("needs a token granting gateway:admin: another valid token gets 403", async () => {
    const player = await getData(gateway.origin, PLAYER_TOKEN);
    expect(player.status).toBe(403);
    expect(player.headers.get("www-authenticate")).toBe(
      'Bearer error="insufficient_scope", scope="gateway:admin"',
    );
    const body = (await player.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      "Forbidden: the gateway's status needs a token granting the gateway:admin scope",
    );
    const admin = await getData(gateway.origin, ADMIN_TOKEN);
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as StatusData).upstreams).toHaveLength(2);
  });
});
