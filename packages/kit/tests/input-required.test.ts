import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import {
  acceptedContent,
  type CallToolResult,
  createRequestStateCodec,
  type ElicitRequest,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
} from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { InFlightRequests } from "../src/cli/index.js";
import { type HttpHandle, serveHttp } from "../src/http/index.js";
import { InProcessConnection } from "../src/in-process/index.js";
import { createKitServer, definePrompt, defineTool, silentLogger } from "../src/index.js";
import { clientOptions } from "../src/testing.js";

/** What the tool seals into its `requestState`: the name the first round learned. */
interface PartyState {
  name: string;
}

const codec = createRequestStateCodec<PartyState>({ key: "k".repeat(32), ttlSeconds: 60 });
const otherCodec = createRequestStateCodec<PartyState>({ key: "o".repeat(32) });

/** How many times the handler ran, and with which state: the test reads it. */
const runs: Array<PartyState | undefined> = [];

const NAME = z.object({ name: z.string() });
const CLASS = z.object({ class: z.enum(["bard", "rogue"]) });

/**
 * A two-round tool: asks the hero's name, then (carrying the name in a sealed state) the hero's
 * class, then answers.
 */
const recruit = defineTool({
  name: "recruit",
  title: "Recruit",
  description: "Asks the user for a hero's name and class, then recruits them.",
  input: z.strictObject({ party: z.string() }),
  output: z.object({ recruited: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  handler: async ({ party }, context) => {
    const state = context.requestState<PartyState>();
    runs.push(state);
    if (state === undefined) {
      const named = acceptedContent(context.inputResponses, "name", NAME);
      if (named === undefined) {
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({
              message: `Who joins ${party}?`,
              requestedSchema: {
                type: "object",
                properties: { name: { type: "string" } },
                required: ["name"],
              },
            }),
          },
        });
      }
      return inputRequired({
        inputRequests: {
          class: inputRequired.elicit({
            message: `Which class is ${named.name}?`,
            requestedSchema: {
              type: "object",
              properties: { class: { type: "string", enum: ["bard", "rogue"] } },
              required: ["class"],
            },
          }),
        },
        requestState: await codec.mint({ name: named.name }),
      });
    }
    const chosen = acceptedContent(context.inputResponses, "class", CLASS);
    if (chosen === undefined) throw new Error("no class");
    return { recruited: `${state.name} the ${chosen.class} joins ${party}` };
  },
});

const omen = definePrompt({
  name: "omen",
  description: "Asks for the omen, then tells it.",
  get: (_args, context) => {
    const omen = acceptedContent(context.inputResponses, "omen", z.object({ omen: z.string() }));
    if (omen === undefined) {
      return inputRequired({
        inputRequests: {
          omen: inputRequired.elicit({
            message: "Which omen?",
            requestedSchema: {
              type: "object",
              properties: { omen: { type: "string" } },
              required: ["omen"],
            },
          }),
        },
      });
    }
    return [{ role: "user", content: { type: "text", text: `The omen is ${omen.omen}` } }];
  },
});

const chronicle = defineTool({
  name: "chronicle",
  title: "Chronicle",
  description: "Logs one line, then answers.",
  input: z.strictObject({}),
  output: z.object({ logged: z.boolean() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
  handler: async (_args, context) => {
    await context.log("info", "the raven speaks");
    return { logged: true };
  },
});

const spec = {
  name: "input-required-test",
  version: "1.0.0",
  tools: [recruit, chronicle],
  prompts: [omen],
  logging: true,
  requestState: { verify: codec.verify },
};

let handle: HttpHandle | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await handle?.close();
  handle = undefined;
  runs.length = 0;
});

async function serve(): Promise<string> {
  handle = await serveHttp({
    createServer: () => createKitServer(spec),
    name: spec.name,
    version: spec.version,
    host: "127.0.0.1",
    port: 0,
    allowedHosts: [],
    authToken: undefined,
    rateLimitMs: 0,
    logger: silentLogger,
    inFlight: new InFlightRequests(),
  });
  return handle.url;
}

/** A client that answers every form by its first question's field. */
async function answeringClient(url: string, era: "modern" | "legacy"): Promise<Client> {
  const client = new Client(
    { name: "input-test", version: "1.0.0" },
    { ...clientOptions(era), capabilities: { elicitation: { form: {} } } },
  );
  const asked: string[] = [];
  client.setRequestHandler("elicitation/create", async (request: ElicitRequest) => {
    const params = request.params as { message: string; requestedSchema: { properties: object } };
    asked.push(params.message);
    const field = Object.keys(params.requestedSchema.properties)[0];
    const value = field === "name" ? "Vex" : field === "class" ? "bard" : "a raven";
    return { action: "accept", content: { [field as string]: value } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  clients.push(client);
  Object.assign(client, { asked });
  return client;
}

const askedOf = (client: Client) => (client as unknown as { asked: string[] }).asked;

describe("a kit tool asking the client for input (input_required)", () => {
  it("is answered by a 2026-07-28 client, which retries with the answers and the state", async () => {
    const url = await serve();
    const client = await answeringClient(url, "modern");
    expect(client.getProtocolEra()).toBe("modern");
    const result = (await client.callTool({
      name: "recruit",
      arguments: { party: "the Wardens" },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ recruited: "Vex the bard joins the Wardens" });
    expect(askedOf(client)).toEqual(["Who joins the Wardens?", "Which class is Vex?"]);
    expect(runs).toEqual([undefined, undefined, { name: "Vex" }]);
  });

  it("is served to a 2025 session by the SDK's legacy shim, with the same handler", async () => {
    const url = await serve();
    const client = await answeringClient(url, "legacy");
    expect(client.getProtocolEra()).toBe("legacy");
    const result = (await client.callTool({
      name: "recruit",
      arguments: { party: "the Wardens" },
    })) as CallToolResult;
    expect(result.structuredContent).toEqual({ recruited: "Vex the bard joins the Wardens" });
    expect(askedOf(client)).toEqual(["Who joins the Wardens?", "Which class is Vex?"]);
    expect(runs).toEqual([undefined, undefined, { name: "Vex" }]);
  });

  it("is refused cleanly to a client that cannot give the input, on either era", async () => {
    const url = await serve();
    const legacy = new Client({ name: "mute", version: "1.0.0" }, clientOptions("legacy"));
    await legacy.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(legacy);
    const refused = (await legacy.callTool({
      name: "recruit",
      arguments: { party: "the Wardens" },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    const modern = new Client({ name: "mute", version: "1.0.0" }, clientOptions("modern"));
    await modern.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(modern);
    await expect(
      modern.callTool({ name: "recruit", arguments: { party: "the Wardens" } }),
    ).rejects.toSatisfy((error) => error instanceof ProtocolError && error.code === -32021);
  });

  it("lets a prompt ask for input too, on either era", async () => {
    const url = await serve();
    for (const era of ["modern", "legacy"] as const) {
      const client = await answeringClient(url, era);
      const prompt = await client.getPrompt({ name: "omen" });
      expect(prompt.messages).toEqual([
        { role: "user", content: { type: "text", text: "The omen is a raven" } },
      ]);
    }
  });

  it("refuses a tampered or forged requestState with -32602, running nothing", async () => {
    const url = await serve();
    const forged = await otherCodec.mint({ name: "Mallory" });
    const genuine = await codec.mint({ name: "Vex" });
    const tampered = `${genuine.slice(0, -2)}${genuine.endsWith("AA") ? "BB" : "AA"}`;
    for (const requestState of ["tampered", forged, tampered]) {
      const answer = await modernCall(url, {
        name: "recruit",
        arguments: { party: "the Wardens" },
        inputResponses: { class: { action: "accept", content: { class: "rogue" } } },
        requestState,
      });
      expect(answer.error?.code).toBe(ProtocolErrorCode.InvalidParams);
      expect(answer.result).toBeUndefined();
    }
    expect(runs).toEqual([]);
    const accepted = await modernCall(url, {
      name: "recruit",
      arguments: { party: "the Wardens" },
      inputResponses: { class: { action: "accept", content: { class: "rogue" } } },
      requestState: genuine,
    });
    expect(accepted.result?.structuredContent).toEqual({
      recruited: "Vex the rogue joins the Wardens",
    });
    expect(runs).toEqual([{ name: "Vex" }]);
  });

  it("fails clearly on a direct in-process call, which no SDK serves", async () => {
    const server = createKitServer(spec);
    const connection = await InProcessConnection.open(
      server,
      {
        clientInfo: { name: "in-process", version: "1.0.0" },
        capabilities: { elicitation: { form: {} } },
      },
      {},
      server.directToolCalls,
    );
    try {
      const call = connection.request({
        method: "tools/call",
        params: { name: "recruit", arguments: { party: "the Wardens" } },
      });
      await expect(call).rejects.toSatisfy(
        (error) =>
          error instanceof ProtocolError &&
          error.code === ProtocolErrorCode.InternalError &&
          /recruit asked the client for input/.test(error.message),
      );
    } finally {
      await connection.close();
    }
  });
});

/** The built conformance fixture, whose tools ask for input in several rounds. */
const CONFORMANCE_FIXTURE = fileURLToPath(
  new URL("../dist/conformance-fixture.js", import.meta.url),
);

describe("input_required over stdio", () => {
  it("runs a two-round flow with a sealed state on either era", async () => {
    for (const era of ["modern", "legacy"] as const) {
      const client = new Client(
        { name: "stdio-input-test", version: "1.0.0" },
        { ...clientOptions(era), capabilities: { elicitation: { form: {} } } },
      );
      client.setRequestHandler("elicitation/create", async (request: ElicitRequest) => {
        const schema = (request.params as { requestedSchema: { properties: object } })
          .requestedSchema;
        const field = Object.keys(schema.properties)[0] as string;
        return { action: "accept", content: { [field]: field === "name" ? "Vex" : "teal" } };
      });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CONFORMANCE_FIXTURE],
          stderr: "pipe",
        }),
      );
      clients.push(client);
      expect(client.getProtocolEra()).toBe(era);
      const result = (await client.callTool({
        name: "test_input_required_result_multi_round",
        arguments: {},
      })) as CallToolResult;
      expect(result.content).toEqual([
        { type: "text", text: "Multi-round complete: Vex likes teal" },
      ]);
    }
  });
});

describe("a tool's log on a 2026-07-28 request", () => {
  it("goes out only when the request's own _meta asks for a level it passes", async () => {
    const url = await serve();
    const quiet = await modernExchange(url, { name: "chronicle", arguments: {} });
    expect(quiet).not.toContain("notifications/message");
    expect(quiet).toContain('"logged":true');
    const heard = await modernExchange(
      url,
      { name: "chronicle", arguments: {} },
      { "io.modelcontextprotocol/logLevel": "info" },
    );
    expect(heard).toContain("the raven speaks");
    const above = await modernExchange(
      url,
      { name: "chronicle", arguments: {} },
      { "io.modelcontextprotocol/logLevel": "error" },
    );
    expect(above).not.toContain("the raven speaks");
  });
});

interface RawAnswer {
  result?: CallToolResult;
  error?: { code: number; message: string };
}

/** A 2026-07-28 `tools/call` retry as a client that did not use the SDK would send it. */
async function modernCall(url: string, params: Record<string, unknown>): Promise<RawAnswer> {
  const text = await modernExchange(url, params);
  const json = text.trimStart().startsWith("{")
    ? text
    : (text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trim())
        .find((data) => data.includes('"id":7')) ?? "{}");
  return JSON.parse(json) as RawAnswer;
}

/** Everything the server answers a raw 2026-07-28 `tools/call` with, as text. */
async function modernExchange(
  url: string,
  params: Record<string, unknown>,
  meta: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": String(params.name),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
          "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
          ...meta,
        },
      },
    }),
  });
  return response.text();
}
