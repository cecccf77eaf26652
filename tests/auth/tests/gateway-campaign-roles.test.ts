import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY } from "./support/commands.js";

/** People with their own tokens: Alice runs the games, Bob and Carol are others. */
const USERS = [
  { sub: "alice", name: "Alice" },
  { sub: "bob", name: "Bob" },
  { sub: "carol", name: "Carol" },
] as const;
type Subject = (typeof USERS)[number]["sub"];

let directory: string;
let gateway: HttpProcess;
const tokens = new Map<Subject, string>();
const clients = new Map<Subject, Client>();
/** The URIs of the resource updates each user's client heard, in order. */
const heard = new Map<Subject, string[]>();

/** Writes a token table that admits every user with the campaign scopes, by SHA-256 only. */
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
 * one client per user that records the resource updates it hears.
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
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    heard.set(user.sub, updates);
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
  const body = (result.structuredContent ?? {}) as Record<string, unknown>;
  return { isError: result.isError === true, body };
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

/** Waits until `subject` has heard of `uri`, for at most ten seconds. */
async function untilHeard(subject: Subject, uri: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!heard.get(subject)?.includes(uri)) {
    if (Date.now() > deadline) throw new Error(`${subject} heard only ${heard.get(subject)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A campaign `subject` creates, with `player` seated. */
async function campaignOf(subject: Subject, name: string, player?: Subject) {
  const id = (await callOk(subject, "campaign_create", { name, gm_mode: "HUMAN" })).id as string;
  if (player) {
    const seat = { campaign_id: id, display_name: player, role: "PLAYER", user: player };
    await callOk(subject, "participant_create", seat);
  }
  return {
    id,
    characters: `campaign://${id}/characters`,
    addCharacter: () =>
      callOk(subject, "character_create", { campaign_id: id, name: "Marker", kind: "NPC" }),
  };
}

describe("resource updates through the gateway", () => {
  it("reach a player only for what they may read, and a stranger not at all", async () => {
    const embers = await campaignOf("alice", "Embers", "bob");
    const session = (await callOk("alice", "session_start", { campaign_id: embers.id }))
      .id as string;
    const events = `session://${session}/events`;
    // A session hears its updates in the order they were made, so once someone has heard of a
    // last change (a character in a campaign without sessions, which touches no log), every
    // update due to them before it has arrived. Carol's marker is in a game of her own.
    const marker = await campaignOf("alice", "Marker", "bob");
    const carolMarker = await campaignOf("carol", "Elsewhere");
    for (const subject of ["alice", "bob", "carol"] as const) {
      await as(subject).subscribeResource({ uri: events });
    }
    for (const subject of ["alice", "bob"] as const) {
      await as(subject).subscribeResource({ uri: marker.characters });
    }
    await as("carol").subscribeResource({ uri: carolMarker.characters });

    const note = (text: string, gm_only: boolean) =>
      callOk("alice", "session_note_add", { session_id: session, text, gm_only });
    await note("The bridge is rigged", true);
    await note("Rain starts", false);
    await marker.addCharacter();
    await carolMarker.addCharacter();
    await Promise.all([
      untilHeard("alice", marker.characters),
      untilHeard("bob", marker.characters),
      untilHeard("carol", carolMarker.characters),
    ]);

    expect(heard.get("alice")).toEqual([events, events, marker.characters]);
    expect(heard.get("bob")).toEqual([events, marker.characters]);
    expect(heard.get("carol")).toEqual([carolMarker.characters]);
  });
});
