import { inputRequired, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { createKitServer, defineTool, silentLogger } from "@tabletop-mcp/kit";
import { connectInMemory, type TestConnection } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { validateConfig } from "../../src/config/validate-config.js";
import { Gateway } from "../../src/gateway.js";

/** A tool that asks the client for a name, which only an SDK between caller and handler serves. */
const askName = defineTool({
  name: "ask_name",
  title: "Ask a name",
  description: "Asks the user for a name.",
  input: z.strictObject({}),
  output: z.object({ name: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: () =>
    inputRequired({
      inputRequests: {
        name: inputRequired.elicit({
          message: "Who is it?",
          requestedSchema: { type: "object", properties: { name: { type: "string" } } },
        }),
      },
    }),
});

// The `dice` builtin entry is served by a kit server offering only `ask_name`; the gateway and
// its in-process connection to the builtin are the real ones.
vi.mock(import("../../src/upstreams/builtin-servers.js"), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    openBuiltin: (entry, logger) =>
      entry.builtin === "dice"
        ? {
            createServer: () => createKitServer({ name: "asking", version: "0", tools: [askName] }),
            createModernServer: () =>
              createKitServer({ name: "asking", version: "0", tools: [askName] }),
            close: () => {},
          }
        : original.openBuiltin(entry, logger),
  };
});

let gateway: Gateway;
let connection: TestConnection;

beforeAll(async () => {
  const config = validateConfig(
    { mcpServers: { asking: { builtin: "dice", rate_limit_ms: 0 } } },
    { baseDirectory: process.cwd(), env: {}, logger: silentLogger },
  );
  ({ gateway } = await Gateway.start(config, { logger: silentLogger, version: "0.0.0" }));
  connection = await connectInMemory(gateway.createSessionServer("deep"));
});

afterAll(async () => {
  await connection.close();
  await gateway.close();
});

describe("a builtin's tool call", () => {
  // docs/gateway.md §4.1: the connection is given the instance's directToolCalls, so the call
  // runs in the kit's own handler, where a request for input fails as the kit documents.
  it("runs directly in the server's kit handler, with no SDK to serve a request for input", async () => {
    const call = connection.client.callTool({ name: "ask_name", arguments: {} });
    await expect(call).rejects.toSatisfy(
      (error) =>
        error instanceof ProtocolError &&
        error.code === ProtocolErrorCode.InternalError &&
        /ask_name asked the client for input \(input_required\), which a direct in-process call cannot serve/.test(
          error.message,
        ),
    );
  });
});
