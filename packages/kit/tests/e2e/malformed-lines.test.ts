// Lines that are no JSON-RPC message, written raw to a real stdio server (the SDK's client
// cannot send them): each is answered, and the session goes on (docs/contract.md §5.6).

import { describe, expect, it } from "vitest";
import { initializeRequest, runStdioLines } from "../../src/testing.js";
import { FIXTURE_ENTRY } from "./harness.js";

describe("a stdio server sent malformed lines", () => {
  it("answers each with a JSON-RPC error, one too long to read too, and keeps serving", () => {
    const hugeArgument = "9".repeat(11 * 1024 * 1024);
    const { messages } = runStdioLines(
      FIXTURE_ENTRY,
      [],
      [
        JSON.stringify(initializeRequest(1, "malformed-lines")),
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        "{not json",
        '{"jsonrpc":"2.0","id":2,"method":5}',
        '{"jsonrpc":"2.0","id":"three","method":"tools/call","params":"add"}',
        `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"add","arguments":{"a":"${hugeArgument}"}}}`,
        '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}',
      ],
    );
    const errorCodes = (id: unknown) =>
      messages.filter((message) => message.id === id).map((message) => message.error?.code);
    expect(errorCodes(null)).toEqual([-32700]);
    expect(errorCodes(2)).toEqual([-32600]);
    expect(errorCodes("three")).toEqual([-32600]);
    // A line of 11 MiB is skipped to its end and answered under the id it starts with.
    expect(errorCodes(5)).toEqual([-32600]);
    const sum = messages.find((message) => message.id === 4);
    expect(sum?.result).toMatchObject({ structuredContent: { sum: 5 } });
    expect(messages).toHaveLength(6);
  });
});
