import type { AuthInfo } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { resubscribers, tellsSubjectsApart, updateFor } from "../../src/session/subject-updates.js";
import type { SessionPeer, Upstream } from "../../src/upstreams/upstream.js";

const upstream = (trusted: boolean, experimental: Record<string, object> = {}) =>
  ({ entry: { trusted }, capabilities: { experimental } }) as unknown as Upstream;
const peer = (sub: string) => {
  const authInfo: AuthInfo = { token: "t", clientId: "", scopes: [], extra: { sub } };
  return { callerAuthInfo: () => authInfo } as unknown as SessionPeer;
};
const ALICE = peer("alice");
const BOB = peer("bob");
const tagged = (subject: string, other?: object) => ({
  jsonrpc: "2.0" as const,
  method: "notifications/resources/updated",
  params: { uri: "session://s/events", _meta: { "tabletop/subject": subject, ...other } },
});

describe("an update tagged with the caller it is for", () => {
  it("reaches that caller's sessions only, without the tag", () => {
    expect(updateFor(upstream(true), tagged("alice"), ALICE)).toEqual({
      jsonrpc: "2.0",
      method: "notifications/resources/updated",
      params: { uri: "session://s/events" },
    });
    expect(updateFor(upstream(true), tagged("alice"), BOB)).toBeUndefined();
  });

  it("keeps the rest of the update's _meta", () => {
    expect(updateFor(upstream(true), tagged("bob", { trace: 1 }), BOB)?.params).toEqual({
      uri: "session://s/events",
      _meta: { trace: 1 },
    });
  });

  it("passes as it came from an upstream that is not trusted, as does an untagged one", () => {
    const update = tagged("alice");
    expect(updateFor(upstream(false), update, BOB)).toBe(update);
    const untagged = { ...update, params: { uri: "session://s/events" } };
    expect(updateFor(upstream(true), untagged, BOB)).toBe(untagged);
  });
});

describe("subscribing again after a restart", () => {
  const carol = peer("alice");

  it("goes once through a session of each caller of a trusted upstream", () => {
    const subscribers = new Set([BOB, ALICE, carol]);
    expect(resubscribers(upstream(true), subscribers, ALICE)).toEqual([BOB, ALICE]);
  });

  it("goes once through any session of another upstream", () => {
    expect(resubscribers(upstream(false), new Set([BOB, ALICE]), ALICE)).toEqual([BOB]);
    expect(resubscribers(upstream(false), new Set<SessionPeer>(), ALICE)).toEqual([ALICE]);
  });
});

describe("an upstream that tells callers apart", () => {
  it("is trusted and declares tabletop/subject-updates", () => {
    expect(tellsSubjectsApart(upstream(true, { "tabletop/subject-updates": {} }))).toBe(true);
    expect(tellsSubjectsApart(upstream(false, { "tabletop/subject-updates": {} }))).toBe(false);
    expect(tellsSubjectsApart(upstream(true))).toBe(false);
  });
});
