// Lines that are no JSON-RPC message, written raw to a real stdio server (the SDK's client
// cannot send them): each is answered, and the session goes on (docs/contract.md §5.6).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { FIXTURE_ENTRY } from "./harness.js";

describe("a stdio server sent malformed lines", () => {
  it("answers each with a JSON-RPC error, one too long to read too, and keeps serving", () => {
    const lines = [
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "malformed-lines", version: "1.0.0" },
        },
      }),
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      "{not json",
      '{"jsonrpc":"2.0","id":2,"method":5}',
      '{"jsonrpc":"2.0","id":"three","method":"tools/call","params":"add"}',
      `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"add","arguments":{"a":"${"9".repeat(11 * 1024 * 1024)}"}}}`,
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3}}}',
    ];
    const child = spawnSync(process.execPath, [FIXTURE_ENTRY], {
      input: `${lines.join("\n")}\n`,
      encoding: "utf8",
      timeout: 30_000,
    });
    const answers = child.stdout
      .trim()
      .split("\n")
      .map(
        (line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: unknown },
      );
    const byId = (id: unknown) => answers.filter((answer) => answer.id === id);
    expect(byId(null).map((answer) => answer.error?.code)).toEqual([-32700]);
    expect(byId(2).map((answer) => answer.error?.code)).toEqual([-32600]);
    expect(byId("three").map((answer) => answer.error?.code)).toEqual([-32600]);
    // A line of 11 MiB is skipped to its end and answered under the id it starts with.
    expect(byId(5).map((answer) => answer.error?.code)).toEqual([-32600]);
    expect(byId(4)[0]?.result).toMatchObject({ structuredContent: { sum: 5 } });
    expect(answers).toHaveLength(6);
  });
});
