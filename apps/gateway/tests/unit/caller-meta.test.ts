import type { AuthInfo } from "@modelcontextprotocol/server";
import { describe, expect, it } from "vitest";
import { upstreamMeta, withCallerMeta } from "../../src/session/caller-meta.js";
import type { Upstream } from "../../src/upstreams/upstream.js";

const upstream = (trusted: boolean) => ({ entry: { trusted } }) as unknown as Upstream;
const BOB: AuthInfo = {
  token: "t",
  clientId: "",
  scopes: ["campaign:read"],
  extra: { sub: "bob" },
};
const CLAIMED = { "tabletop/subject": "alice", "tabletop/scopes": ["campaign:write"], other: 1 };

describe("the _meta an upstream is sent", () => {
  it("drops every tabletop/ key a client sent, for an upstream that is not trusted", () => {
    expect(upstreamMeta(CLAIMED, upstream(false), BOB)).toEqual({ other: 1 });
    expect(upstreamMeta({ "tabletop/name": "x" }, upstream(false), BOB)).toBeUndefined();
  });

  it("tells a trusted upstream the caller the gateway authenticated, not the one claimed", () => {
    expect(upstreamMeta(CLAIMED, upstream(true), BOB)).toEqual({
      other: 1,
      "tabletop/subject": "bob",
      "tabletop/scopes": ["campaign:read"],
    });
  });

  it("names the local user, with every scope, when the gateway has no auth", () => {
    expect(upstreamMeta(undefined, upstream(true), undefined)).toMatchObject({
      "tabletop/subject": "local",
    });
  });

  it("rewrites a request's params and keeps the rest of them", () => {
    const request = { method: "resources/read", params: { uri: "x://y", _meta: CLAIMED } };
    expect(withCallerMeta(request, upstream(false), BOB)).toEqual({
      method: "resources/read",
      params: { uri: "x://y", _meta: { other: 1 } },
    });
  });
});
