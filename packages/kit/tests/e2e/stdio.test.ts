import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { initializeRequest } from "../../src/testing.js";
import { connectStdio, FIXTURE_ENTRY, structured, textJson } from "./harness.js";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function client(args: string[] = []) {
  const connection = await connectStdio(args);
  closers.push(() => connection.client.close());
  return connection.client;
}

describe("a kit server over stdio", () => {
  it("advertises JSON Schemas with ranges, enums, descriptions, strictness and annotations", async () => {
    const { tools } = await (await client()).listTools();
    const add = tools.find((tool) => tool.name === "add");
    expect(add?.inputSchema).toEqual({
      type: "object",
      properties: {
        a: { type: "integer", minimum: -100, maximum: 100, description: "First addend" },
        b: { type: "integer", minimum: -100, maximum: 100, description: "Second addend" },
      },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(add?.annotations).toEqual({
      title: "Add two integers",
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(add?.outputSchema?.type).toBe("object");
    const echo = tools.find((tool) => tool.name === "echo");
    expect(echo?.inputSchema.properties?.mode).toEqual({
      type: "string",
      enum: ["plain", "upper"],
    });
  });

  it("answers a good call with structured content and the same JSON as text", async () => {
    const result = await (await client()).callTool({ name: "add", arguments: { a: 2, b: 40 } });
    expect(result.isError).toBeUndefined();
    expect(structured(result)).toEqual({ sum: 42 });
    expect(textJson(result)).toEqual({ sum: 42 });
  });

  it("maps invalid arguments to the contract's shape and keeps serving", async () => {
    const session = await client();
    const bad = await session.callTool({ name: "add", arguments: { a: 500, b: "1", c: 0 } });
    expect(bad.isError).toBe(true);
    expect(structured(bad)).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [
          {
            parameter: "a",
            issue: "Value 500 exceeds maximum allowed (100)",
            valid_range: "-100-100",
          },
          {
            parameter: "b",
            issue: "Expected an integer, received string",
            valid_range: "-100-100",
          },
          { parameter: "c", issue: "Unknown parameter; valid parameters are a, b" },
        ],
      },
    });
    expect(textJson(bad)).toEqual(structured(bad));
    expect(structured(await session.callTool({ name: "add", arguments: { a: 1, b: 1 } }))).toEqual({
      sum: 2,
    });
  });

  it("reports cross-field rules in the same shape, after the schema passed", async () => {
    const result = await (await client()).callTool({
      name: "echo",
      arguments: { text: "hello", limit: 3 },
    });
    expect(structured(result)).toEqual({
      error: {
        message: "Invalid parameters provided",
        details: [{ parameter: "limit", issue: "limit must be at least the length of text" }],
      },
    });
  });

  it("turns domain errors into coded results and crashes into a generic message without details", async () => {
    const session = await client();
    const notFound = await session.callTool({ name: "fail", arguments: { kind: "not_found" } });
    expect(structured(notFound)).toEqual({
      error: { code: "NOT_FOUND", message: "No such thing: thing-1", id: "thing-1" },
    });
    const crash = await session.callTool({ name: "fail", arguments: { kind: "crash" } });
    expect(crash.isError).toBe(true);
    expect(JSON.stringify(crash)).not.toContain("secret detail");
    expect(structured(crash)).toEqual({
      error: { code: "INTERNAL", message: "Internal error while running fail" },
    });
  });

  it("answers an unknown tool with a protocol error that lists the tools", async () => {
    await expect((await client()).callTool({ name: "nope", arguments: {} })).rejects.toThrow(
      /Unknown tool: nope/,
    );
  });

  it("lists and reads resources and templates", async () => {
    const session = await client();
    const { resources } = await session.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      "counter://value",
      "whoami://reader",
      "note://hello",
    ]);
    const { resourceTemplates } = await session.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe("note://{name}");
    const note = await session.readResource({ uri: "note://hello" });
    expect(note.contents[0]).toEqual({
      uri: "note://hello",
      mimeType: "text/plain",
      text: "Hello, world",
    });
    await expect(session.readResource({ uri: "note://missing" })).rejects.toThrow(
      /Resource not found/,
    );
  });

  it("notifies a subscribed client when a tool announces a change, and stops after unsubscribe", async () => {
    const session = await client();
    const updates: string[] = [];
    session.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    await session.subscribeResource({ uri: "counter://value" });
    await session.callTool({ name: "counter_increment", arguments: {} });
    await session.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    expect(updates).toEqual(["counter://value"]);
    await session.unsubscribeResource({ uri: "counter://value" });
    await session.callTool({ name: "counter_increment", arguments: {} });
    await session.callTool({ name: "add", arguments: { a: 1, b: 1 } });
    expect(updates).toEqual(["counter://value"]);
  });

  it("spaces tool calls when a rate limit is set and answers them in order", async () => {
    const session = await client(["--rate-limit-ms", "100"]);
    const finished: number[] = [];
    const started = performance.now();
    await Promise.all(
      [1, 2, 3].map(async (value) => {
        await session.callTool({ name: "add", arguments: { a: value, b: 0 } });
        finished.push(value);
      }),
    );
    expect(finished).toEqual([1, 2, 3]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("lets an in-flight call finish when stdin closes, then exits 0", async () => {
    const child = await startRawChild();
    child.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    child.send(SLEEP_CALL);
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.process.stdin.end();
    const [code] = await once(child.process, "exit");
    expect(code).toBe(0);
    const replies = child
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result?: unknown });
    expect(replies.find((reply) => reply.id === 2)?.result).toMatchObject({
      structuredContent: { slept: 300 },
    });
  });

  it("exits 0 on SIGTERM after the in-flight call is answered", async () => {
    const child = await startRawChild();
    child.send(SLEEP_CALL);
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.process.kill("SIGTERM");
    const [code] = await once(child.process, "exit");
    expect(code).toBe(0);
    expect(child.output()).toContain('"slept":300');
  });
});

const SLEEP_CALL = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "sleep", arguments: { ms: 300 } },
};

/**
 * Starts the fixture as a raw child (no SDK client, so the test controls stdin itself), sends
 * initialize and waits for its answer, so that the signal handlers are in place.
 */
async function startRawChild() {
  const child = spawn(process.execPath, [FIXTURE_ENTRY], { stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send(initializeRequest(1, "raw"));
  while (!output.includes('"id":1')) await new Promise((resolve) => setTimeout(resolve, 10));
  return { process: child, send, output: () => output };
}
