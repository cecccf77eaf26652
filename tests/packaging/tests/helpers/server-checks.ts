import { readFileSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";

/** One tool call a packaged server must answer, checked against values known independently. */
export type ServerCheck = (client: Client) => Promise<void>;

function structured(result: Awaited<ReturnType<Client["callTool"]>>): Record<string, unknown> {
  expect(result.isError ?? false).toBe(false);
  expect(result.structuredContent).toBeTypeOf("object");
  return result.structuredContent as Record<string, unknown>;
}

async function toolNames(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools.map((tool) => tool.name);
}

/** dice: three six-sided dice, whose total must be the sum of the dice shown. */
export const checkDice: ServerCheck = async (client) => {
  expect(await toolNames(client)).toContain("roll_dice");
  const content = structured(
    await client.callTool({ name: "roll_dice", arguments: { dice_count: 3, dice_sides: 6 } }),
  );
  const result = content.result as { total: number; dice: { value: number }[] };
  expect(result.dice).toHaveLength(3);
  for (const die of result.dice) expect(die.value).toBeGreaterThanOrEqual(1);
  for (const die of result.dice) expect(die.value).toBeLessThanOrEqual(6);
  expect(result.total).toBe(result.dice.reduce((sum, die) => sum + die.value, 0));
};

/** duality: the spec's seed example, Hope 8 and Fear 5 with +2 against 15. */
export const checkDuality: ServerCheck = async (client) => {
  expect(await toolNames(client)).toContain("duality_outcome");
  const content = structured(
    await client.callTool({
      name: "duality_outcome",
      arguments: { hope: 8, fear: 5, modifier: 2, difficulty: 15 },
    }),
  );
  expect(content).toMatchObject({ total: 15, outcome: "SUCCESS_WITH_HOPE", is_crit: false });
};

/** campaign: creating a campaign returns its record. */
export const checkCampaign: ServerCheck = async (client) => {
  expect(await toolNames(client)).toContain("campaign_create");
  const content = structured(
    await client.callTool({
      name: "campaign_create",
      arguments: { name: "Packaged Expedition", gm_mode: "HUMAN" },
    }),
  );
  expect(content).toMatchObject({ name: "Packaged Expedition", gm_mode: "HUMAN" });
  expect(content.id).toMatch(/^camp_/);
};

/** The `world:` front matter of an Urd world file: the name and start a server must report. */
function readWorldFrontMatter(path: string): { name: string; start: string } {
  const text = readFileSync(path, "utf8");
  const name = /^ {2}name: *(\S+)/m.exec(text)?.[1];
  const start = /^ {2}start: *(\S+)/m.exec(text)?.[1];
  if (name === undefined || start === undefined) throw new Error(`${path}: no world name/start`);
  return { name, start };
}

/** world: the metadata of the served world names the file's world and start location. */
export function checkWorld(worldFile: string): ServerCheck {
  const expected = readWorldFrontMatter(worldFile);
  return async (client) => {
    expect(await toolNames(client)).toContain("get_world_metadata");
    const content = structured(
      await client.callTool({ name: "get_world_metadata", arguments: {} }),
    );
    expect(content).toMatchObject({
      world_name: expected.name,
      start_location: expected.start,
      has_errors: false,
    });
  };
}

/** gateway: one endpoint listing every server's tools and routing a call to each. */
export function checkGateway(options: { worldFile?: string }): ServerCheck {
  return async (client) => {
    const names = await toolNames(client);
    expect(names).toEqual(
      expect.arrayContaining(["roll_dice", "duality_outcome", "campaign_create"]),
    );
    expect(new Set(names).size).toBe(names.length);
    await checkDice(client);
    await checkDuality(client);
    await checkCampaign(client);
    if (options.worldFile !== undefined) await checkWorld(options.worldFile)(client);
  };
}
