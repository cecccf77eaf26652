import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import {
  callTool,
  connectHttp,
  connectStdioCommand,
  type HttpProcess,
  initializeRequest,
  MCP_POST_HEADERS,
  startHttpCommand,
  type TestConnection,
} from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY, removeFolders, temporaryFolder, WORLD, writeConfig } from "./support.js";

interface Structured {
  [key: string]: unknown;
}

function structured(result: { structuredContent?: unknown }): Structured {
  return result.structuredContent as Structured;
}

/** Uses one tool and one resource (where the server has any) of each of the four servers. */
async function useAllFour(client: Client): Promise<void> {
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  expect(names).toEqual(
    expect.arrayContaining([
      "roll_dice",
      "duality_outcome",
      "campaign_create",
      "get_world_metadata",
    ]),
  );

  const roll = await callTool(client, "roll_dice", { dice_count: 3, dice_sides: 6 });
  expect(roll.isError).toBeFalsy();
  const rolled = structured(roll).result as { total: number; dice: unknown[] };
  expect(rolled.dice).toHaveLength(3);
  expect(rolled.total).toBeGreaterThanOrEqual(3);
  expect(rolled.total).toBeLessThanOrEqual(18);

  // duality.md's deterministic example
  const outcome = await callTool(client, "duality_outcome", {
    hope: 5,
    fear: 7,
    modifier: 1,
    difficulty: 15,
    advantage_die: 3,
  });
  expect(structured(outcome)).toMatchObject({ total: 16, outcome: "SUCCESS_WITH_FEAR" });

  const campaign = await callTool(client, "campaign_create", {
    name: "Through the gateway",
    gm_mode: "HUMAN",
  });
  expect(campaign.isError).toBeFalsy();
  const id =
    (structured(campaign).campaign as { id: string } | undefined)?.id ??
    (structured(campaign).id as string);
  expect(id).toMatch(/^camp_/);
  const read = await client.readResource({ uri: `campaign://${id}` });
  expect(JSON.stringify(read.contents)).toContain("Through the gateway");

  const world = await callTool(client, "get_world_metadata", {});
  expect(structured(world)).toMatchObject({
    world_name: "the-locked-garden",
    start_location: "gatehouse",
  });
  const compiled = await client.readResource({ uri: "world://compiled" });
  expect(compiled.contents[0]?.uri).toBe("world://compiled");

  const stats = await client.readResource({ uri: "gateway://stats" });
  const document = JSON.parse(String((stats.contents[0] as { text: string }).text));
  const rollRow = document.tools.find((tool: { name: string }) => tool.name === "roll_dice");
  expect(rollRow).toMatchObject({ upstream: "dice", declared_tier: "fast" });
  expect(rollRow.calls_total).toBeGreaterThanOrEqual(1);
}

function allFourConfig(): string {
  return writeConfig({
    mcpServers: {
      dice: { builtin: "dice", rate_limit_ms: 0 },
      duality: { builtin: "duality" },
      campaign: {
        builtin: "campaign",
        options: { dbPath: join(temporaryFolder(), "campaign.db") },
      },
    },
  });
}

afterAll(removeFolders);

describe("a client over stdio", () => {
  let connection: TestConnection;
  beforeAll(async () => {
    connection = await connectStdioCommand(GATEWAY, [
      "--config",
      allFourConfig(),
      "--world",
      WORLD,
    ]);
  });
  afterAll(() => connection.close());

  it("uses tools and resources of dice, duality, campaign and world", async () => {
    await useAllFour(connection.client);
  });

  it("answers the merged instructions with a section per server, in config order", () => {
    const text = connection.client.getInstructions() ?? "";
    const sections = [...text.matchAll(/^## (\S+)$/gm)].map((match) => match[1]);
    expect(sections).toEqual(["dice", "duality", "campaign", "world"]);
    expect(connection.client.getServerVersion()?.name).toBe("tabletop-gateway");
  });
});

describe("clients over HTTP", () => {
  let gateway: HttpProcess;
  const connections: TestConnection[] = [];
  beforeAll(async () => {
    gateway = await startHttpCommand(GATEWAY, ["--config", allFourConfig(), "--world", WORLD]);
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await gateway.stop();
  });

  async function connect(): Promise<Client> {
    const connection = await connectHttp(gateway.url);
    connections.push(connection);
    return connection.client;
  }

  it("use tools and resources of dice, duality, campaign and world", async () => {
    await useAllFour(await connect());
  });

  it("receive the campaign's resources/updated through a subscription made via the gateway", async () => {
    const watcher = await connect();
    const actor = await connect();
    const updated: string[] = [];
    watcher.setNotificationHandler("notifications/resources/updated", (notification) => {
      updated.push(notification.params.uri);
    });
    await watcher.subscribeResource({ uri: "campaigns://list" });
    await callTool(actor, "campaign_create", { name: "Seen by the watcher", gm_mode: "AI" });
    await expect.poll(() => updated, { timeout: 10_000 }).toContain("campaigns://list");
    await watcher.unsubscribeResource({ uri: "campaigns://list" });
  });

  it("keep separate campaign contexts per client", async () => {
    const first = await connect();
    const second = await connect();
    const a = await callTool(first, "campaign_create", { name: "A", gm_mode: "HUMAN" });
    const b = await callTool(first, "campaign_create", { name: "B", gm_mode: "HUMAN" });
    const idOf = (result: { structuredContent?: unknown }) =>
      ((structured(result).campaign as { id: string } | undefined)?.id ??
        structured(result).id) as string;
    await callTool(first, "set_context", { campaign_id: idOf(a) });
    await callTool(second, "set_context", { campaign_id: idOf(b) });
    const contextOf = async (client: Client) =>
      JSON.parse(
        String(
          (
            (await client.readResource({ uri: "context://current" })).contents[0] as {
              text: string;
            }
          ).text,
        ),
      ) as { campaign_id: string };
    expect((await contextOf(first)).campaign_id).toBe(idOf(a));
    expect((await contextOf(second)).campaign_id).toBe(idOf(b));
  });

  it("refuses an unknown ?tier= with 400 and a JSON-RPC body naming the accepted values", async () => {
    const response = await fetch(`${gateway.url}?tier=quick`, {
      method: "POST",
      headers: MCP_POST_HEADERS,
      body: JSON.stringify(initializeRequest(1, "t")),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain("fast, standard, deep");
  });

  it("serves upstreams and tools in /mcp/health", async () => {
    const health = (await (await fetch(gateway.url.replace(/\/mcp$/, "/mcp/health"))).json()) as {
      status: string;
      upstreams: { name: string; state: string }[];
      tools: { name: string }[];
    };
    expect(health.status).toBe("ok");
    expect(health.upstreams.map((upstream) => [upstream.name, upstream.state])).toEqual([
      ["dice", "ready"],
      ["duality", "ready"],
      ["campaign", "ready"],
      ["world", "ready"],
    ]);
    expect(health.tools.map((tool) => tool.name)).toContain("get_world_metadata");
  });
});
