import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { createKitServer, defineTool, ResourceHub } from "../../src/index.js";
import { connectInMemory, type TestConnection } from "../../src/testing.js";
import { createFixtureServer, createFixtureState } from "../fixture/fixture-server.mjs";
import { structured } from "./harness.js";

const connections: TestConnection[] = [];
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()));
});

async function fixture(maxAnswerBytes?: Record<string, number>) {
  const server = createFixtureServer(createFixtureState(), {
    hub: new ResourceHub(),
    ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
  });
  const connection = await connectInMemory(server);
  connections.push(connection);
  return connection.client;
}

/** `{"data":"xxx…"}` is 11 bytes of JSON around the data. */
const ENVELOPE = Buffer.byteLength(JSON.stringify({ data: "" }));

describe("the size of a tool's answer", () => {
  it("lets an answer of exactly 65,536 bytes through and refuses one byte more", async () => {
    const client = await fixture();
    const fits = await client.callTool({ name: "blob", arguments: { bytes: 65_536 - ENVELOPE } });
    expect(fits.isError).toBeFalsy();
    const over = await client.callTool({
      name: "blob",
      arguments: { bytes: 65_536 - ENVELOPE + 1 },
    });
    expect(over.isError).toBe(true);
    expect(structured(over)).toEqual({
      error: {
        code: "RESOURCE_EXHAUSTED",
        message:
          "The answer of blob is 65537 bytes, more than the 65536 bytes this server sends in one answer of blob; ask for less, e.g. with narrower arguments",
        answer_bytes: 65_537,
        max_answer_bytes: 65_536,
      },
    });
  });

  it("answers a multi-megabyte result with a short error, not the megabytes", async () => {
    const client = await fixture();
    const over = await client.callTool({ name: "blob", arguments: { bytes: 5_000_000 } });
    expect(over.isError).toBe(true);
    expect(JSON.stringify(over).length).toBeLessThan(1_024);
  });

  it("follows the limit a server sets for one tool", async () => {
    const client = await fixture({ blob: 200_000 });
    const fits = await client.callTool({ name: "blob", arguments: { bytes: 150_000 } });
    expect(structured(fits).data).toHaveLength(150_000);
    const over = await client.callTool({ name: "blob", arguments: { bytes: 200_000 } });
    expect(structured(over)).toMatchObject({
      error: { code: "RESOURCE_EXHAUSTED", max_answer_bytes: 200_000 },
    });
  });

  it("follows the limit a tool declares", async () => {
    const tiny = defineTool({
      name: "tiny",
      title: "Tiny",
      description: "Answers n characters, within 40 bytes.",
      input: z.strictObject({ n: z.int().min(0).max(100) }),
      output: z.object({ text: z.string() }),
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
      maxAnswerBytes: 40,
      handler: ({ n }) => ({ text: "t".repeat(n) }),
    });
    const connection = await connectInMemory(
      createKitServer({ name: "tiny-server", version: "1.0.0", tools: [tiny] }),
    );
    connections.push(connection);
    // `{"text":""}` is 11 bytes.
    expect(
      (await connection.client.callTool({ name: "tiny", arguments: { n: 29 } })).isError,
    ).toBeFalsy();
    expect(
      structured(await connection.client.callTool({ name: "tiny", arguments: { n: 30 } })),
    ).toMatchObject({ error: { code: "RESOURCE_EXHAUSTED", max_answer_bytes: 40 } });
  });

  it("refuses a limit that is not a positive integer, or that names no tool", () => {
    const state = createFixtureState();
    expect(() => createFixtureServer(state, { maxAnswerBytes: { nope: 10 } })).toThrow(
      "maxAnswerBytes names no tool of this server: nope",
    );
    expect(() => createFixtureServer(state, { maxAnswerBytes: { blob: 0 } })).toThrow(
      "maxAnswerBytes of blob must be a positive integer (got 0)",
    );
  });
});
