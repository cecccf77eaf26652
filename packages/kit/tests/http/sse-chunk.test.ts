import { describe, expect, it } from "vitest";
import { isDroppableSseChunk } from "../../src/http/sse-chunk.js";

const event = (message: unknown, id?: string) =>
  `event: message\n${id ? `id: ${id}\n` : ""}data: ${JSON.stringify(message)}\n\n`;

describe("which SSE chunks may be dropped for a client that does not read", () => {
  it.each([
    ["a notification", event({ method: "notifications/message", params: { level: "info" } })],
    ["a notification with an event id", event({ method: "notifications/progress" }, "e-1")],
    ["a keep-alive comment", ": keepalive\n\n"],
  ])("drops %s", (_what, chunk) => {
    expect(isDroppableSseChunk(chunk)).toBe(true);
    expect(isDroppableSseChunk(new TextEncoder().encode(chunk))).toBe(true);
  });

  it.each([
    ["a result", event({ jsonrpc: "2.0", id: 1, result: {} })],
    ["an error", event({ jsonrpc: "2.0", id: 2, error: { code: -1, message: "x" } })],
    ["a request to the client", event({ jsonrpc: "2.0", id: 3, method: "ping" })],
    ["the legacy endpoint event", "event: endpoint\ndata: /messages?sessionId=abc\n\n"],
    ["two events in one chunk", `${event({ method: "a" })}${event({ method: "b" })}`],
    ["an empty chunk", ""],
    ["a JSON body", JSON.stringify({ jsonrpc: "2.0", id: 1, result: {} })],
  ])("keeps %s", (_what, chunk) => {
    expect(isDroppableSseChunk(chunk)).toBe(false);
  });
});
