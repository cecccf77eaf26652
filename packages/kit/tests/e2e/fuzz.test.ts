import { spawn } from "node:child_process";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { initializeRequest } from "../../src/testing.js";
import { createFixtureServer, createFixtureState } from "../fixture/fixture-server.mjs";
import { FIXTURE_ENTRY } from "./harness.js";

async function inMemoryClient(): Promise<Client> {
  const server = createFixtureServer(createFixtureState());
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "fuzz", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const toolNames = fc.constantFrom("add", "echo", "counter_increment", "fail", "sleep");
const nearMissArguments = fc.dictionary(
  fc.constantFrom(
    "a",
    "b",
    "text",
    "mode",
    "tags",
    "nested",
    "limit",
    "kind",
    "ms",
    "__proto__",
    "constructor",
  ),
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.integer(),
    fc.double(),
    fc.string({ unit: "grapheme", maxLength: 300 }),
    fc.constantFrom(1e308, -1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 0, -0),
  ),
);

describe("a kit server under random arguments", () => {
  it("answers every call with a result or the contract's error, never a crash", async () => {
    const client = await inMemoryClient();
    await fc.assert(
      fc.asyncProperty(
        toolNames,
        fc.oneof(nearMissArguments, fc.dictionary(fc.string(), fc.jsonValue())),
        async (name, args) => {
          const safeArgs = name === "sleep" ? { ...args, ms: 0 } : args;
          const result = (await client.callTool({ name, arguments: safeArgs })) as CallToolResult;
          const body = result.structuredContent as Record<
            string,
            { message?: string; code?: string }
          >;
          if (result.isError) {
            expect(typeof body.error?.message).toBe("string");
          } else {
            expect(body.error).toBeUndefined();
          }
        },
      ),
      { numRuns: 300 },
    );
    const alive = await client.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    expect(alive.structuredContent).toEqual({ sum: 2 });
  });

  it("survives garbage lines on stdio and still answers a good request", async () => {
    const child = spawn(process.execPath, [FIXTURE_ENTRY], { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const lines = fc.sample(
      fc.oneof(
        fc.string({ maxLength: 200 }).map((text) => text.replace(/\n/g, " ")),
        fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
        fc.constant('{"jsonrpc":"1.0","id":1,"method":"tools/list"}'),
        fc.constant('{"jsonrpc":"2.0","id":9,"method":"no/such/method"}'),
      ),
      { numRuns: 200, seed: 7 },
    );
    child.stdin.write(`${JSON.stringify(initializeRequest("init", "raw"))}\n`);
    for (const line of lines) child.stdin.write(`${line}\n`);
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: "last", method: "tools/call", params: { name: "add", arguments: { a: 3, b: 4 } } })}\n`,
    );
    const deadline = Date.now() + 10_000;
    while (!output.includes('"id":"last"') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child.stdin.end();
    const last = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id?: unknown; result?: { structuredContent?: unknown } })
      .find((message) => message.id === "last");
    expect(last?.result?.structuredContent).toEqual({ sum: 7 });
    expect(child.exitCode === null || child.exitCode === 0).toBe(true);
  });
});
