import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { requestIdOf } from "../src/session-protocol.js";

/** The request id recorded on events (docs/campaign.md §2.7), whichever id the call carries. */
describe("the request id of a tool call", () => {
  it("is _meta.request_id when it is a string without U+0000, else the JSON-RPC id", () => {
    expect(requestIdOf({ requestId: 7, meta: { request_id: "mine" } })).toBe("mine");
    expect(requestIdOf({ requestId: 7, meta: { request_id: 8 } })).toBe("7");
    expect(requestIdOf({ requestId: "j-1", meta: { request_id: "a\u0000b" } })).toBe("j-1");
  });

  it("is the SHA-256 of a JSON-RPC id longer than 200 characters too", () => {
    const long = "j".repeat(201);
    const digest = createHash("sha256").update(long).digest("hex");
    expect(requestIdOf({ requestId: long, meta: {} })).toBe(`sha256:${digest}`);
    expect(requestIdOf({ requestId: "j".repeat(200), meta: {} })).toBe("j".repeat(200));
  });
});
