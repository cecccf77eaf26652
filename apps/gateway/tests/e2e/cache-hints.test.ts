// docs/gateway.md §5.5: a 2026-07-28 client is told how long it may keep each list the gateway
// aggregates (ttlMs) and whether a cache may share it (cacheScope): the most conservative of
// the parts, an upstream that says nothing counting as "not kept, not shared"; a read carries
// what its upstream said; a 2025 client is told nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  startGatewayHttp,
  startModernFixture,
  writeConfig,
} from "../helpers/gateway.js";
import { openLegacySession, postModern } from "../helpers/raw-http.js";

const KIT_LIST_TTL_MS = 3_600_000;

let modern: HttpChild;
let builtinsOnly: HttpChild;
let mixed: HttpChild;
let withOld: HttpChild;

beforeAll(async () => {
  modern = await startModernFixture(["--list-ttl-ms", "60000", "--read-ttl-ms", "5000"]);
  const dice = { builtin: "dice" };
  builtinsOnly = await startGatewayHttp([
    "--config",
    writeConfig({ mcpServers: { dice, duality: { builtin: "duality" } } }),
  ]);
  mixed = await startGatewayHttp([
    "--config",
    writeConfig({ mcpServers: { dice, modern: { url: modern.url, prefix: "m" } } }),
  ]);
  withOld = await startGatewayHttp([
    "--config",
    writeConfig({
      mcpServers: {
        modern: { url: modern.url, prefix: "m" },
        old: fixtureStdio(["--name", "old", "--scheme", "old", "--prompt", "old-greet"]),
      },
    }),
  ]);
});

afterAll(cleanupAll);

/** The result of one 2026-07-28 request to a gateway. */
async function resultOf(
  gateway: HttpChild,
  method: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const { message, text } = await postModern(gateway.url, method, params);
  if (!message.result) throw new Error(`${method} failed: ${text}`);
  return message.result;
}

const hintOf = (result: Record<string, unknown>) => ({
  ttlMs: result.ttlMs,
  cacheScope: result.cacheScope,
});

describe("the cache hints of a 2026-07-28 client's results through the gateway", () => {
  it("are the builtins' own when only builtins serve: public, an hour", async () => {
    for (const method of ["tools/list", "prompts/list", "resources/templates/list"]) {
      expect(hintOf(await resultOf(builtinsOnly, method)), method).toEqual({
        ttlMs: KIT_LIST_TTL_MS,
        cacheScope: "public",
      });
    }
    // A resource list depends on who asks; the gateway's statistics are never kept.
    expect(hintOf(await resultOf(builtinsOnly, "resources/list"))).toEqual({
      ttlMs: 0,
      cacheScope: "private",
    });
    const stats = await resultOf(builtinsOnly, "resources/read", { uri: "gateway://stats" });
    expect(hintOf(stats)).toEqual({ ttlMs: 0, cacheScope: "private" });
  });

  it("are the most conservative of the parts, and private where tools may differ by client", async () => {
    // dice keeps its tools an hour, the modern upstream 60 s: 60 s. Tools of an upstream that
    // is not a builtin may depend on the client's capabilities: private.
    expect(hintOf(await resultOf(mixed, "tools/list"))).toEqual({
      ttlMs: 60_000,
      cacheScope: "private",
    });
    // Only the modern upstream has prompts.
    expect(hintOf(await resultOf(mixed, "prompts/list"))).toEqual({
      ttlMs: 60_000,
      cacheScope: "public",
    });
    // A read carries what its upstream said of it, under the gateway's prefix.
    const note = await resultOf(mixed, "resources/read", { uri: "modern://m__note/1" });
    expect(hintOf(note)).toEqual({ ttlMs: 5_000, cacheScope: "private" });
  });

  it("are 'not kept, not shared' when an upstream of the 2025 revisions is a part", async () => {
    expect(hintOf(await resultOf(withOld, "prompts/list"))).toEqual({
      ttlMs: 0,
      cacheScope: "private",
    });
  });

  it("are not given to a 2025 client", async () => {
    const send = await openLegacySession(builtinsOnly.url);
    const { text } = await send("tools/list");
    expect(text).toContain("roll_dice");
    expect(text).not.toContain("ttlMs");
    expect(text).not.toContain("cacheScope");
  });
});
