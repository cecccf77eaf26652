// Arguments nested hundreds of thousands deep, sent as raw lines to a real stdio server: each
// is answered in the contract's shape, in time proportional to its size. (Walking them once
// copied the path at every level: 800 KB of nested arrays then took hours of CPU.)

import { describe, expect, it } from "vitest";
import { initializeRequest, runStdioLines } from "../../src/testing.js";
import { FIXTURE_ENTRY } from "./harness.js";

describe("arguments nested 400,000 deep (800 KB of JSON)", () => {
  it("are refused naming the parameter, and the next call is answered", () => {
    const depth = 400_000;
    const nested = (bottom: string) => `${"[".repeat(depth)}${bottom}${"]".repeat(depth)}`;
    const call = (id: number, args: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"add","arguments":${args}}}`;
    // The default time limit is a hang limit, not a speed target: the answers take under a second.
    const { messages } = runStdioLines(
      FIXTURE_ENTRY,
      [],
      [
        JSON.stringify(initializeRequest(1, "deep-arguments")),
        call(2, `{"a":1,"b":2,"extra":${nested("0")}}`),
        call(3, `{"a":1,"b":2,"extra":${nested('{"__proto__":1}')}}`),
        call(4, `{"a":1,"b":2}`),
      ],
    );
    const content = (id: number) =>
      messages.find((message) => message.id === id)?.result?.structuredContent as
        | Record<string, unknown>
        | undefined;
    expect(messages.map((message) => message.id).sort()).toEqual([1, 2, 3, 4]);
    for (const id of [2, 3]) {
      expect(content(id)).toMatchObject({ error: { message: "Invalid parameters provided" } });
    }
    const refused = content(3)?.error as { details: { parameter: string }[] } | undefined;
    // The path keeps its ends and counts the levels between them.
    expect(refused?.details.map((detail) => detail.parameter)).toContain(
      `extra${"[0]".repeat(7)}…(399,986 more)…${"[0]".repeat(7)}.__proto__`,
    );
    expect(content(4)).toEqual({ sum: 3 });
  });
});
