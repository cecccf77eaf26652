// docs/gateway.md §15, item 5: progress tokens are chosen by each client, so two sessions may use
// the same one; the gateway must map them per request, keep their JSON type, and deliver each only
// to its owner, in order, before the response.
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanupAll,
  fixtureStdio,
  type HttpChild,
  openHttpSession,
  readRecord,
  type Session,
  sleep,
  startGatewayHttp,
  writeConfig,
} from "../helpers/gateway.js";

let gateway: HttpChild;

beforeAll(async () => {
  const config = writeConfig({ mcpServers: { fixture: fixtureStdio() } });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(cleanupAll);

/** Sends tools/call slow with this downstream progress token (no SDK progress handling). */
function slowWithToken(session: Session, token: string | number, steps: number, settleMs = 150) {
  return session.client.request({
    method: "tools/call",
    params: {
      name: "slow",
      arguments: { ms: steps * 250, steps, settle_ms: settleMs },
      _meta: { progressToken: token },
    },
  });
}

type Seen =
  | { kind: "progress"; token: unknown; progress: unknown; total: unknown }
  | { kind: "response"; steps: unknown };

function summarise(received: JSONRPCMessage[]): Seen[] {
  return received.flatMap((message): Seen[] => {
    if ("method" in message && message.method === "notifications/progress") {
      const params = message.params as {
        progressToken: unknown;
        progress: unknown;
        total: unknown;
      };
      const { progressToken: token, progress, total } = params;
      return [{ kind: "progress", token, progress, total }];
    }
    if ("result" in message) {
      const structured = (message.result as { structuredContent?: { steps?: unknown } })
        .structuredContent;
      return [{ kind: "response", steps: structured?.steps }];
    }
    return [];
  });
}

/** Asserts that the call of `steps` steps got exactly its progress, in order, before its response. */
function expectOwnProgress(seen: Seen[], token: string | number, steps: number): void {
  const responseAt = seen.findIndex((entry) => entry.kind === "response" && entry.steps === steps);
  expect(responseAt).toBeGreaterThanOrEqual(0);
  const mine = (entry: Seen) => entry.kind === "progress" && Object.is(entry.token, token);
  const before = seen.slice(0, responseAt).filter(mine);
  const expected = Array.from({ length: steps }, (_, index) => ({
    kind: "progress",
    token,
    progress: index + 1,
    total: steps,
  }));
  expect(before).toEqual(expected);
  expect(seen.slice(responseAt + 1).filter(mine)).toEqual([]);
}

describe("two HTTP sessions using the same progress token", () => {
  it("each receive only their own progress, with their own token and type, before the response", async () => {
    const a = await openHttpSession(gateway.url);
    const b = await openHttpSession(gateway.url);
    const startA = a.received.length;
    const startB = b.received.length;
    await Promise.all([
      slowWithToken(a, "p1", 4),
      slowWithToken(b, "p1", 3),
      slowWithToken(b, 7, 5),
    ]);
    await sleep(500);

    const seenA = summarise(a.received.slice(startA));
    const seenB = summarise(b.received.slice(startB));
    expectOwnProgress(seenA, "p1", 4);
    expect(seenA.filter((entry) => entry.kind === "progress")).toHaveLength(4);
    expectOwnProgress(seenB, "p1", 3);
    expectOwnProgress(seenB, 7, 5);
    expect(seenB.filter((entry) => entry.kind === "progress")).toHaveLength(8);

    const record = await readRecord(a.client);
    const upstreamTokens = record.progress_tokens
      .filter((entry) => entry.method === "tools/call")
      .map((entry) => entry.token);
    expect(upstreamTokens).not.toContain("p1");
    expect(new Set(upstreamTokens).size).toBe(upstreamTokens.length);
    await a.close();
    await b.close();
  });
});

describe("an upstream that answers right after its last progress", () => {
  it("still has every progress forwarded before the response", async () => {
    const session = await openHttpSession(gateway.url);
    const start = session.received.length;
    await slowWithToken(session, "last", 3, 0);
    await sleep(300);
    expectOwnProgress(summarise(session.received.slice(start)), "last", 3);
    await session.close();
  });
});
