#!/usr/bin/env node
// The floor: a server written directly on the MCP SDK (McpServer, its own stdio and Streamable
// HTTP transports on node:http, no kit), doing the same work as the kit-built tool it is
// compared with (`--work add|duality_outcome|roll_dice`).
// The HTTP modules load only when serving HTTP, so the stdio floor starts as lean as the SDK
// allows.
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { McpServer } from "@modelcontextprotocol/server";
import * as z from "zod";

/** The work each floor variant does: the same engine call as the kit-built tool it is compared with. */
const WORKS = {
  add: {
    description: "Adds a and b.",
    input: { a: z.int().min(-100).max(100), b: z.int().min(-100).max(100) },
    load:
      async () =>
      ({ a, b }) => ({ sum: a + b }),
  },
  duality_outcome: {
    description: "Classifies a Daggerheart action roll from known dice.",
    input: {
      hope: z.int().min(1).max(12),
      fear: z.int().min(1).max(12),
      modifier: z.int().min(-100).max(100).optional(),
      difficulty: z.int().min(0).max(100).optional(),
    },
    load: async () => {
      const { evaluateActionOutcome } = await import("@tabletop-mcp/duality");
      return (args) => evaluateActionOutcome(args);
    },
  },
  roll_dice: {
    description: "Rolls dice.",
    input: {
      dice_count: z.int().min(1).max(1000),
      dice_sides: z.int().min(1).max(100),
      keep_highest: z.int().min(1).max(1000).optional(),
      modifier: z.int().optional(),
    },
    load: async () => {
      const { createCryptoSource, respondToRollDice } = await import("@tabletop-mcp/dice");
      const random = createCryptoSource();
      return (args) => {
        const response = respondToRollDice(args, random, new Date().toISOString());
        if (!response.ok) throw new Error("invalid roll");
        return response.value;
      };
    },
  },
};

const workName = process.argv[process.argv.indexOf("--work") + 1] ?? "add";
const work = WORKS[workName];
const run = await work.load();

function createFloorServer() {
  const server = new McpServer({ name: "floor", version: "1.0.0" });
  /* @mcp-codemod-error Could not verify `inputSchema` is a schema object. Raw shapes are deprecated in v2 — pass a Standard Schema object (e.g. z.object({ … })); no change is needed if it already is one. | Could not verify `outputSchema` is a schema object. Raw shapes are deprecated in v2 — pass a Standard Schema object (e.g. z.object({ … })); no change is needed if it already is one. */
  server.registerTool(
    workName,
    {
      description: work.description,
      inputSchema: work.input,
      outputSchema: z.looseObject({}),
      annotations: { readOnlyHint: true },
    },
    (args) => {
      const value = run(args);
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    },
  );
  return server;
}

async function serveHttp() {
  const { randomUUID } = await import("node:crypto");
  const { createServer: createHttpServer } = await import("node:http");
  const { NodeStreamableHTTPServerTransport: StreamableHTTPServerTransport } = await import(
    "@modelcontextprotocol/node"
  );
  const { isInitializeRequest } = await import("@modelcontextprotocol/server");
  const sessions = new Map();
  const http = createHttpServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
    const id = request.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (!transport && isInitializeRequest(body)) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => sessions.set(sessionId, transport),
      });
      await createFloorServer().connect(transport);
    }
    if (!transport) {
      response.writeHead(400).end();
      return;
    }
    await transport.handleRequest(request, response, body);
  });
  await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
  process.stderr.write(`listening on http://127.0.0.1:${http.address().port}/mcp\n`);
}

if (process.argv.includes("--transport") && process.argv.includes("http")) await serveHttp();
else await createFloorServer().connect(new StdioServerTransport());
