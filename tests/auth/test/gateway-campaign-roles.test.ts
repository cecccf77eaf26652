import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY } from "./support/commands.js";

/** Two people with their own tokens: Alice runs the game, Bob is someone else. */
const USERS = [
  { sub: "alice", name: "Alice" },
  { sub: "bob", name: "Bob" },
] as const;
type Subject = (typeof USERS)[number]["sub"];

let directory: string;
let gateway: HttpProcess;
const tokens = new Map<Subject, string>();
const clients = new Map<Subject, Client>();

/** Writes a token table that admits both users with the campaign scopes, by SHA-256 only. */
function writeTokenTable(file: string): void {
  const rows = USERS.map((user) => {
    const token = randomBytes(24).toString("base64url");
    tokens.set(user.sub, token);
    return {
      sha256: createHash("sha256").update(token).digest("hex"),
      sub: user.sub,
      name: user.name,
      scopes: ["campaign:read", "campaign:write"],
    };
  });
  writeFileSync(file, JSON.stringify({ tokens: rows }));
}

/**
 * The gateway in token-table mode in front of the builtin campaign server (on a SQLite file),
 * one client per user.
 */
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "gateway-campaign-roles-"));
  const tokenFile = join(directory, "tokens.json");
  writeTokenTable(tokenFile);
  const configFile = join(directory, "gateway.json");
  const dbPath = join(directory, "campaign.db");
  writeFileSync(
    configFile,
    JSON.stringify({ mcpServers: { campaign: { builtin: "campaign", options: { dbPath } } } }),
  );
  gateway = await startHttpCommand(GATEWAY, ["--config", configFile, "--auth-tokens", tokenFile]);
  for (const user of USERS) {
    const client = new Client({ name: `gateway-roles-${user.sub}`, version: "1.0.0" });
    const headers = { authorization: `Bearer ${tokens.get(user.sub)}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(gateway.url), { requestInit: { headers } }),
    );
    clients.set(user.sub, client);
  }
});

afterAll(async () => {
  await Promise.all([...clients.values()].map((client) => client.close()));
  await gateway?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function as(subject: Subject): Client {
  const client = clients.get(subject);
  if (!client) throw new Error(`${subject} is not connected`);
  return client;
}

async function call(subject: Subject, name: string, args: Record<string, unknown>) {
  const result = (await as(subject).callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, body: result.structuredContent ?? {} };
}

async function callOk(subject: Subject, name: string, args: Record<string, unknown>) {
  const { isError, body } = await call(subject, name, args);
  if (isError) throw new Error(`${name} by ${subject} failed: ${JSON.stringify(body)}`);
  return body;
}

async function callError(subject: Subject, name: string, args: Record<string, unknown>) {
  const { isError, body } = await call(subject, name, args);
  if (!isError) throw new Error(`${name} by ${subject} succeeded: ${JSON.stringify(body)}`);
  return body.error;
}

async function readJson(subject: Subject, uri: string): Promise<Record<string, unknown>> {
  const first = (await as(subject).readResource({ uri })).contents[0];
  if (!first || !("text" in first)) throw new Error(`no text at ${uri}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}

async function listedCampaigns(subject: Subject): Promise<string[]> {
  const { campaigns } = await readJson(subject, "campaigns://list");
  return (campaigns as { id: string }[]).map((campaign) => campaign.id);
}

describe("the builtin campaign server behind the gateway in token-table mode", () => {
  it("knows each caller: the creator is GM, someone else may not act as one", async () => {
    const campaign = (await callOk("alice", "campaign_create", { name: "Ashes", gm_mode: "HUMAN" }))
      .id as string;
    const seats = await readJson("alice", `campaign://${campaign}/participants`);
    expect(seats.participants).toEqual([
      expect.objectContaining({ role: "GM", user: "alice", display_name: "Alice" }),
    ]);

    // Bob is a stranger to Alice's campaign: it does not exist for him.
    expect(await listedCampaigns("bob")).not.toContain(campaign);
    expect(await callError("bob", "gm_fear_adjust", { campaign_id: campaign, delta: 1 })).toEqual({
      code: "NOT_FOUND",
      message: "campaign not found",
    });

    // Seated as a player, Bob sees the campaign but still may not do what only the GM may.
    await callOk("alice", "participant_create", {
      campaign_id: campaign,
      display_name: "Bob",
      role: "PLAYER",
      user: "bob",
    });
    expect(await listedCampaigns("bob")).toContain(campaign);
    expect(await callError("bob", "gm_fear_adjust", { campaign_id: campaign, delta: 1 })).toEqual({
      code: "PERMISSION_DENIED",
      message: "only the GM may change GM Fear",
    });
    expect(await readJson("alice", `campaign://${campaign}`)).toMatchObject({
      campaign: { gm_fear: 0 },
    });
    expect(
      await callOk("alice", "gm_fear_adjust", { campaign_id: campaign, delta: 1 }),
    ).toMatchObject({ gm_fear: 1 });
  });
});
