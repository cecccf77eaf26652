import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { InProcessConnection } from "../src/in-process/index.js";
import { createKitServer, defineTool, silentLogger } from "../src/index.js";
import { callTool, connectInMemory, type TestConnection } from "../src/testing.js";

const LAST_BEFORE_FIRST = { parameter: "last_night", issue: "last_night must be >= first_night" };
const TOO_MANY_GUEST_NIGHTS = { parameter: "guests", issue: "nights × guests must be <= 100" };

/** A booking tool with two cross-field rules, each declared with the parameters it reads. */
const book = defineTool({
  name: "book",
  title: "Book rooms",
  description: "Books rooms for some nights.",
  input: z.strictObject({
    nights: z.int().min(1).max(30),
    guests: z.int().min(1).max(8),
    first_night: z.int().min(1).max(365).optional(),
    last_night: z.int().min(1).max(365).optional(),
    note: z.string().max(10).optional(),
  }),
  output: z.object({ booked: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  crossFieldRules: [
    {
      reads: ["first_night", "last_night"],
      check: ({ first_night: first, last_night: last }) =>
        first !== undefined && last !== undefined && last < first ? [LAST_BEFORE_FIRST] : [],
    },
    {
      reads: ["nights", "guests"],
      check: ({ nights = 0, guests = 0 }) => (nights * guests > 100 ? [TOO_MANY_GUEST_NIGHTS] : []),
    },
  ],
  handler: () => ({ booked: true }),
});

function detailsOf(structured: unknown): { parameter: string }[] {
  return (structured as { error: { details: { parameter: string }[] } }).error.details;
}

describe("cross-field rules declared with the parameters they read", () => {
  let connection: TestConnection;
  beforeAll(async () => {
    const server = createKitServer(
      { name: "rules", version: "1.0.0", tools: [book] },
      { logger: silentLogger },
    );
    connection = await connectInMemory(server);
  });
  afterAll(() => connection.close());

  const call = (args: unknown) => callTool(connection.client, "book", args);

  it("runs after the schema passed and reports the rule's problem alone", async () => {
    const result = await call({ nights: 20, guests: 6 });
    expect(result.isError).toBe(true);
    expect(detailsOf(result.structuredContent)).toEqual([TOO_MANY_GUEST_NIGHTS]);
  });

  it("lets the handler run when every rule is satisfied", async () => {
    const result = await call({ nights: 2, guests: 2, first_night: 3, last_night: 4 });
    expect(result.structuredContent).toEqual({ booked: true });
  });

  it("reports a schema problem and a rule problem in one answer, in declared order", async () => {
    const result = await call({
      note: "far too long",
      nights: 2,
      guests: 1,
      first_night: 9,
      last_night: 3,
    });
    expect(detailsOf(result.structuredContent)).toEqual([
      LAST_BEFORE_FIRST,
      {
        parameter: "note",
        issue: "Length 12 exceeds maximum allowed (10 characters)",
        valid_range: "0-10 characters",
      },
    ]);
  });

  it("skips a rule when a parameter it reads failed the schema", async () => {
    const result = await call({ nights: 0, guests: 8, first_night: 400, last_night: 2 });
    expect(detailsOf(result.structuredContent).map((detail) => detail.parameter)).toEqual([
      "nights",
      "first_night",
    ]);
  });

  it("counts a missing required parameter as failed, and null for an optional one as absent", async () => {
    const missing = await call({ guests: 8, first_night: 5, last_night: 2 });
    expect(detailsOf(missing.structuredContent)).toEqual([
      { parameter: "nights", issue: "Missing required parameter", valid_range: "1-30" },
      LAST_BEFORE_FIRST,
    ]);
    const absent = await call({ nights: 40, guests: 8, first_night: null, last_night: 2 });
    expect(detailsOf(absent.structuredContent).map((detail) => detail.parameter)).toEqual([
      "nights",
    ]);
  });

  it("keeps unknown parameters last and runs no rule on arguments that are not an object", async () => {
    const unknown = await call({ extra: 1, nights: 20, guests: 6 });
    expect(detailsOf(unknown.structuredContent).map((detail) => detail.parameter)).toEqual([
      "guests",
      "extra",
    ]);
    // Over a transport the SDK refuses such arguments itself; in-process they reach the tool.
    const server = createKitServer({ name: "rules", version: "1.0.0", tools: [book] });
    const inProcess = await InProcessConnection.open(
      server,
      { clientInfo: { name: "rules-test", version: "1.0.0" }, capabilities: {} },
      {},
      server.directToolCalls,
    );
    const notAnObject = (await inProcess.request({
      method: "tools/call",
      params: { name: "book", arguments: [1, 2] as unknown as Record<string, unknown> },
    })) as { structuredContent?: unknown };
    await inProcess.close();
    expect(detailsOf(notAnObject.structuredContent)).toEqual([
      { parameter: "arguments", issue: "Expected an object, received array" },
    ]);
  });
});
