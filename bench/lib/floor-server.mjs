#!/usr/bin/env node
// The floor: a server written directly on the MCP SDK (McpServer, no kit), doing the same work as
// the kit-built tool it is compared with (`--work add|duality_outcome|roll_dice|campaign_create|
// get_world_metadata`, the last with `--world <file>`). Both eras on each transport, through the
// SDK's own entries: over stdio `serveStdio` (the first message picks the era, one server for
// the connection), over HTTP `createMcpHandler` (a fresh server per request, 2026-07-28 and
// 2025-era clients both served statelessly) on node:http through `toNodeHandler`.
// The HTTP modules load only when serving HTTP, so the stdio floor starts as lean as the SDK
// allows. Engines load once at start (a campaign store, a compiled world), as the commands do.
import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

/** The value after a command-line flag, if given. */
function option(flag) {
  const position = process.argv.indexOf(flag);
  return position >= 0 ? process.argv[position + 1] : undefined;
}

/**
 * The work each floor variant does: the same engine call as the kit-built tool it is compared
 * with, through the engine package's public exports. `load` runs once at start and returns the
 * tool's input schema and the call.
 */
const WORKS = {
  add: {
    description: "Adds a and b.",
    load: async () => ({
      input: z.object({ a: z.int().min(-100).max(100), b: z.int().min(-100).max(100) }),
      run: ({ a, b }) => ({ sum: a + b }),
    }),
  },
  duality_outcome: {
    description: "Classifies a Daggerheart action roll from known dice.",
    load: async () => {
      const { evaluateActionOutcome } = await import("@tabletop-mcp/duality");
      return {
        input: z.object({
          hope: z.int().min(1).max(12),
          fear: z.int().min(1).max(12),
          modifier: z.int().min(-100).max(100).optional(),
          difficulty: z.int().min(0).max(100).optional(),
        }),
        run: (args) => evaluateActionOutcome(args),
      };
    },
  },
  roll_dice: {
    description: "Rolls dice.",
    load: async () => {
      const { createCryptoSource, respondToRollDice } = await import("@tabletop-mcp/dice");
      const random = createCryptoSource();
      return {
        input: z.object({
          dice_count: z.int().min(1).max(1000),
          dice_sides: z.int().min(1).max(100),
          keep_highest: z.int().min(1).max(1000).optional(),
          modifier: z.int().optional(),
        }),
        run: (args) => {
          const response = respondToRollDice(args, random, new Date().toISOString());
          if (!response.ok) throw new Error("invalid roll");
          return response.value;
        },
      };
    },
  },
  // campaign_create as the process owner (stdio, HTTP without auth) does it: the campaign
  // package's own command, one store write inserting the campaign and its owner, resolved once
  // the group commit is durable (docs/campaign.md §4.2). One in-memory store for the process,
  // as `tabletop-campaign --db :memory:` opens.
  campaign_create: {
    description: "Creates a campaign owned by the caller.",
    load: async () => {
      const {
        GM_MODES,
        MEMORY_DATABASE,
        createCampaign,
        createCommandEnvironment,
        openCampaignStore,
      } = await import("@tabletop-mcp/campaign");
      const environment = createCommandEnvironment({ store: openCampaignStore(MEMORY_DATABASE) });
      return {
        input: z.strictObject({
          name: z.string().trim().min(1).max(200),
          gm_mode: z.enum(GM_MODES),
          theme_prompt: z.string().trim().max(4000).optional(),
        }),
        run: async (args) => (await createCampaign(environment, args)).value,
      };
    },
  },
  // get_world_metadata on a world compiled once at start, as `tabletop-world <file>` does.
  get_world_metadata: {
    description: "Returns overview information about the compiled Urd world.",
    load: async () => {
      const file = option("--world");
      if (file === undefined) throw new Error("--work get_world_metadata needs --world <file>");
      const { getWorldMetadata, loadWorldFile } = await import("@tabletop-mcp/world");
      const world = loadWorldFile(file);
      return { input: z.strictObject({}), run: () => getWorldMetadata(world.compiled) };
    },
  },
};

const workName = option("--work") ?? "add";
const work = WORKS[workName];
if (work === undefined) {
  process.stderr.write(`floor: unknown --work "${workName}" (${Object.keys(WORKS).join(", ")})\n`);
  process.exit(2);
}
// Built once: the HTTP entry calls the factory for every request.
const { input: inputSchema, run } = await work.load();
const outputSchema = z.looseObject({});

function createFloorServer() {
  const server = new McpServer({ name: "floor", version: "1.0.0" });
  server.registerTool(
    workName,
    {
      description: work.description,
      inputSchema,
      outputSchema,
      annotations: { readOnlyHint: workName !== "campaign_create" },
    },
    async (args) => {
      const value = await run(args);
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
