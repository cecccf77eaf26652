#!/usr/bin/env node
// The floor: a server written directly on the MCP SDK (McpServer, its own stdio and Streamable
// HTTP transports on node:http, no kit), doing the same work as the kit fixture's `add` tool.
import { randomUUID } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod";

function createFloorServer() {
  const server = new McpServer({ name: "floor", version: "1.0.0" });
  server.registerTool(
    "add",
    {
      title: "Add two integers",
      description: "Adds a and b.",
      inputSchema: { a: z.int().min(-100).max(100), b: z.int().min(-100).max(100) },
      outputSchema: { sum: z.int() },
      annotations: { readOnlyHint: true },
    },
    ({ a, b }) => {
      const value = { sum: a + b };
      return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
    },
  );
  return server;
}

async function serveHttp() {
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
