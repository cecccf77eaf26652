// The error a downstream request is answered with. The SDK v2 client gives an upstream's
// JSON-RPC error its message as sent; an upstream on SDK v1 sends `MCP error CODE: ` in front,
// which the gateway drops (docs/gateway.md §7.1), keeping code and data.
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/server";
import { Redactor } from "@tabletop-mcp/kit";
import { describe, expect, it } from "vitest";
import { toProtocolError } from "../../src/session/protocol-error.js";
import { describeError } from "../../src/upstreams/upstream-failure.js";

describe("an upstream's JSON-RPC error on its way to the client", () => {
  it("keeps its code and data, and loses every `MCP error CODE: ` an SDK v1 upstream wrote", () => {
    const upstream = new ProtocolError(
      -32602,
      "MCP error -32602: MCP error -32602: Unknown prompt x",
      { name: "x" },
    );
    const answered = toProtocolError(upstream);
    expect(answered).toBeInstanceOf(ProtocolError);
    expect(answered.code).toBe(-32602);
    expect(answered.message).toBe("Unknown prompt x");
    expect(answered.data).toEqual({ name: "x" });
    expect(describeError(upstream)).toBe("Unknown prompt x");
  });

  it("keeps a prefix naming another code, which is part of the text", () => {
    const upstream = new ProtocolError(-32603, "MCP error -32602: not ours");
    expect(toProtocolError(upstream).message).toBe("MCP error -32602: not ours");
  });

  it("passes its message and data through the redactor when given one", () => {
    const redactor = new Redactor();
    redactor.register("s3cret-value");
    const upstream = new ProtocolError(-32603, "failed with s3cret-value", {
      detail: "token s3cret-value",
    });
    const answered = toProtocolError(upstream, redactor);
    expect(answered.message).not.toContain("s3cret-value");
    expect(JSON.stringify(answered.data)).not.toContain("s3cret-value");
  });

  it("answers the SDK's closed connection and timeout with the codes SDK v1 sent for them", () => {
    const closed = toProtocolError(
      new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed"),
    );
    expect([closed.code, closed.message]).toEqual([-32000, "Connection closed"]);
    const late = toProtocolError(new SdkError(SdkErrorCode.RequestTimeout, "Request timed out"));
    expect([late.code, late.message]).toEqual([-32001, "Request timed out"]);
  });

  it("makes anything else -32603 with its message", () => {
    const other = toProtocolError(new SdkError(SdkErrorCode.SendFailed, "could not send"));
    expect([other.code, other.message]).toEqual([-32603, "could not send"]);
    expect(toProtocolError(new Error("boom")).code).toBe(-32603);
  });
});
