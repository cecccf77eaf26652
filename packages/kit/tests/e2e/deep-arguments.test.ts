// Arguments nested hundreds of thousands deep, sent as raw lines to a real stdio server: each
// is answered in the contract's shape, in time proportional to its size. (Walking them once
// copied the path at every level: 800 KB of nested arrays then took hours of CPU.)
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { FIXTURE_ENTRY } from "./harness.js";

describe("arguments nested 400,000 deep (800 KB of JSON)", () => {
  it("are refused naming the parameter, and the next call is answered", () => {
    const depth = 400_000;
    const nested = (bottom: string) => `${"[".repeat(depth)}${bottom}${"]".repeat(depth)}`;
    const call = (id: number, args: string) =>
      `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"add","arguments":${args}}}`;
    const lines = [
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "deep-arguments", version: "1.0.0" },
        },
      }),
      call(2, `{"a":1,"b":2,"extra":${nested("0")}}`),
      call(3, `{"a":1,"b":2,"extra":${nested('{"__proto__":1}')}}`),
      call(4, `{"a":1,"b":2}`),
    ];
    const child = spawnSync(process.execPath, [FIXTURE_ENTRY], {
      input: `${lines.join("\n")}\n`,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      // A hang limit, not a speed target: the answers take well under a second.
      timeout: 30_000,
    });
    const answers = new Map<unknown, { structuredContent?: Record<string, unknown> }>();
    for (const line of child.stdout.trim().split("\n")) {
      const message = JSON.parse(line) as { id: unknown; result?: { structuredContent?: never } };
      answers.set(message.id, message.result ?? {});
    }
    expect([...answers.keys()].sort()).toEqual([1, 2, 3, 4]);
    for (const id of [2, 3]) {
      const error = answers.get(id)?.structuredContent?.error as { message: string } | undefined;
      expect(error?.message).toBe("Invalid parameters provided");
    }
    const refused = answers.get(3)?.structuredContent?.error as
      | { details: { parameter: string }[] }
      | undefined;
    const details = refused?.details ?? [];
    // The path keeps its ends and counts the levels between them.
    expect(details.map((detail) => detail.parameter)).toContain(
      `extra${"[0]".repeat(7)}…(399,986 more)…${"[0]".repeat(7)}.__proto__`,
    );
    expect(answers.get(4)?.structuredContent).toEqual({ sum: 3 });
  });
});
