#!/usr/bin/env node
// The floor: a server written directly on the MCP SDK (McpServer, no kit), doing the same work as
// the kit-built tool it is compared with (`--work add|duality_outcome|roll_dice`). Both eras on
// each transport, through the SDK's own entries: over stdio `serveStdio` (the first message picks
// the era, one server for the connection), over HTTP `createMcpHandler` (a fresh server per
// request, 2026-07-28 and 2025-era clients both served statelessly) on node:http through
// `toNodeHandler`.
// The HTTP modules load only when serving HTTP, so the stdio floor starts as lean as the SDK
// allows.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
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

// Built once: the HTTP entry calls the factory for every request.
const inputSchema = z.object(work.input);
const outputSchema = z.looseObject({});

function createFloorServer() {
  const server = new McpServer({ name: "floor", version: "1.0.0" });
  server.registerTool(
    workName,
    {
      description: work.description,
      inputSchema,
      outputSchema,
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
  const { createServer: createHttpServer } = await import("node:http");
  const { createMcpHandler } = await import("@modelcontextprotocol/server");
  const { toNodeHandler } = await import("@modelcontextprotocol/node");
  const handle = toNodeHandler(createMcpHandler(createFloorServer));
  const http = createHttpServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
  process.stderr.write(`listening on http://127.0.0.1:${http.address().port}/mcp\n`);
}

if (process.argv.includes("--transport") && process.argv.includes("http")) await serveHttp();
else serveStdio(createFloorServer);
