import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { type HttpProcess, startHttpCommand } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN, GATEWAY } from "./support/commands.js";

/** Alice runs the games; Bob plays in one of them. */
const USERS = ["alice", "bob"] as const;
type Subject = (typeof USERS)[number];

let directory: string;
let tokenFile: string;
let gateway: HttpProcess;
const tokens = new Map<Subject, string>();
const clients = new Map<Subject, Client>();
/** Each user's resource updates, in the order they arrived: the URI and the `_meta`, if any. */
const updates = new Map<Subject, { uri: string; meta: unknown }[]>();

function writeTokenTable(file: string): void {
  const rows = USERS.map((sub) => {
    const token = randomBytes(24).toString("base64url");
    tokens.set(sub, token);
    const sha256 = createHash("sha256").update(token).digest("hex");
    return { sha256, sub, scopes: ["campaign:read", "campaign:write"] };
  });
  writeFileSync(file, JSON.stringify({ tokens: rows }));
}

/** A gateway config with the campaign command as a stdio upstream on a SQLite file. */
function writeConfig(name: string, trusted: boolean): string {
  const file = join(directory, name);
  const campaign = {
    command: process.execPath,
    args: [CAMPAIGN, "--db", join(directory, "campaign.db")],
    trusted,
  };
  writeFileSync(file, JSON.stringify({ mcpServers: { campaign } }));
  return file;
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "trusted-stdio-campaign-"));
  tokenFile = join(directory, "tokens.json");
  writeTokenTable(tokenFile);
  const config = writeConfig("gateway.json", true);
  gateway = await startHttpCommand(GATEWAY, ["--config", config, "--auth-tokens", tokenFile]);
  for (const user of USERS) {
    const client = new Client({ name: `trusted-stdio-${user}`, version: "1.0.0" });
    const headers = { authorization: `Bearer ${tokens.get(user)}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(gateway.url), { requestInit: { headers } }),
    );
    const heard: { uri: string; meta: unknown }[] = [];
    client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push({ uri: params.uri, meta: params._meta });
    });
    updates.set(user, heard);
    clients.set(user, client);
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

async function callOk(subject: Subject, name: string, args: Record<string, unknown>) {
  const result = (await as(subject).callTool({ name, arguments: args })) as CallToolResult;
  const body = (result.structuredContent ?? {}) as Record<string, unknown>;
  if (result.isError) throw new Error(`${name} by ${subject} failed: ${JSON.stringify(body)}`);
  return body;
}

async function readJson(
  subject: Subject,
  uri: string,
  meta?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const request = meta === undefined ? { uri } : { uri, _meta: meta };
  const first = (await as(subject).readResource(request)).contents[0];
  if (!first || !("text" in first)) throw new Error(`no text at ${uri}`);
  return JSON.parse(first.text) as Record<string, unknown>;
}

async function listedCampaigns(subject: Subject): Promise<string[]> {
  const { campaigns } = await readJson(subject, "campaigns://list");
  return (campaigns as { id: string }[]).map((campaign) => campaign.id);
}

async function campaignOf(name: string): Promise<string> {
  return (await callOk("alice", "campaign_create", { name, gm_mode: "HUMAN" })).id as string;
}

describe("the campaign command as a trusted stdio upstream of a gateway with a token table", () => {
  it("shows a campaign to its GM and to nobody else", async () => {
    const campaign = await campaignOf("Ashes");
    expect(await listedCampaigns("alice")).toContain(campaign);
    expect(await listedCampaigns("bob")).not.toContain(campaign);
    const uris = async (subject: Subject) =>
      (await as(subject).listResources()).resources.map((resource) => resource.uri);
    expect(await uris("alice")).toContain(`campaign://${campaign}`);
    expect(await uris("bob")).not.toContain(`campaign://${campaign}`);
    await expect(as("bob").readResource({ uri: `campaign://${campaign}` })).rejects.toThrow(
      /campaign not found/,
    );
  });

  it("shows GM-only notes to the GM only, as the builtin does", async () => {
    const campaign = await campaignOf("Embers");
    const seat = { campaign_id: campaign, display_name: "Bob", role: "PLAYER", user: "bob" };
    await callOk("alice", "participant_create", seat);
    const session = (await callOk("alice", "session_start", { campaign_id: campaign }))
      .id as string;
    const secret = await callOk("alice", "session_note_add", {
      session_id: session,
      text: "The innkeeper is the villain",
      gm_only: true,
    });
    const eventsUri = `session://${session}/events`;
    const seqs = async (subject: Subject) =>
      ((await readJson(subject, eventsUri)).events as { seq: number }[]).map((event) => event.seq);
    expect(await seqs("alice")).toContain(secret.seq);
    expect(await seqs("bob")).not.toContain(secret.seq);
    expect(await listedCampaigns("bob")).toContain(campaign);
  });

  it("keeps each caller's context apart on the shared connection", async () => {
    const hers = await campaignOf("Cinders");
    const his = (await callOk("bob", "campaign_create", { name: "Sparks", gm_mode: "HUMAN" }))
      .id as string;
    await callOk("alice", "set_context", { campaign_id: hers });
    await callOk("bob", "set_context", { campaign_id: his });
    const current = async (subject: Subject) =>
      (await readJson(subject, "context://current")).campaign_id as string;
    expect(await current("alice")).toBe(hers);
    expect(await current("bob")).toBe(his);
    const made = await callOk("alice", "character_create", { name: "Wren", kind: "NPC" });
    const names = async (subject: Subject, campaign: string) =>
      (
        (await readJson(subject, `campaign://${campaign}/characters`)).characters as {
          id: string;
        }[]
      ).map((character) => character.id);
    expect(await names("alice", hers)).toContain(made.id);
    expect(await names("bob", his)).not.toContain(made.id);
  });

  it("gives nothing to a client that names another caller in its own _meta", async () => {
    const campaign = await campaignOf("Cinders");
    const claimed = { "tabletop/subject": "alice", "tabletop/scopes": ["campaign:write"] };
    await expect(
      as("bob").readResource({ uri: `campaign://${campaign}`, _meta: claimed }),
    ).rejects.toThrow(/campaign not found/);
    const called = (await as("bob").callTool({
      name: "set_context",
      arguments: { campaign_id: campaign },
      _meta: claimed,
    })) as CallToolResult;
    expect(called.isError).toBe(true);
    expect(called.structuredContent).toMatchObject({ error: { code: "NOT_FOUND" } });
    const listed = await readJson("bob", "campaigns://list", claimed);
    expect((listed.campaigns as { id: string }[]).map((item) => item.id)).not.toContain(campaign);
  });
});

/** The updates of `uri` that `subject` heard, each as the `_meta` it came with. */
function heardOf(subject: Subject, uri: string): unknown[] {
  return (updates.get(subject) ?? []).filter((update) => update.uri === uri).map((u) => u.meta);
}

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for resource updates");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Kills the gateway's campaign children (by id), so that the gateway starts them again. */
function killCampaignChildren(): void {
  const listed = spawnSync("ps", ["-o", "pid=,args=", "--ppid", String(gateway.child.pid)], {
    encoding: "utf8",
  });
  const pids = listed.stdout
    .split("\n")
    .filter((line) => line.includes(CAMPAIGN))
    .map((line) => Number.parseInt(line.trim(), 10));
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) process.kill(pid, "SIGKILL");
}

/** Adds public notes until both users hear of one: the restarted upstream knows them again. */
async function waitUntilBothHearAgain(session: string, eventsUri: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const heard = {
      alice: heardOf("alice", eventsUri).length,
      bob: heardOf("bob", eventsUri).length,
    };
    const added = await note(session, `Still there? ${attempt}`, false).then(
      () => true,
      () => false,
    );
    const deadline = Date.now() + 1000;
    while (added && Date.now() < deadline) {
      const both =
        heardOf("alice", eventsUri).length > heard.alice &&
        heardOf("bob", eventsUri).length > heard.bob;
      if (both) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (!added) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the users never heard of a change again after the restart");
}

/** A campaign of Alice's with Bob seated as a player, and its active session's events URI. */
async function sessionWithBob(name: string): Promise<{ session: string; eventsUri: string }> {
  const campaign = await campaignOf(name);
  const seat = { campaign_id: campaign, display_name: "Bob", role: "PLAYER", user: "bob" };
  await callOk("alice", "participant_create", seat);
  const session = (await callOk("alice", "session_start", { campaign_id: campaign })).id as string;
  return { session, eventsUri: `session://${session}/events` };
}

function note(session: string, text: string, gmOnly: boolean) {
  return callOk("alice", "session_note_add", { session_id: session, text, gm_only: gmOnly });
}

describe("resource updates through the gateway's shared connection to a trusted campaign", () => {
  it.each([
    ["Bob subscribed first, Alice last", ["bob", "alice"]],
    ["Alice subscribed first, Bob last", ["alice", "bob"]],
  ] as const)("reach each caller who may read the change (%s)", async (_order, subscribers) => {
    const { session, eventsUri } = await sessionWithBob(`Order ${subscribers.join(" ")}`);
    for (const subject of subscribers) await as(subject).subscribeResource({ uri: eventsUri });

    await note(session, "The innkeeper is the villain", true);
    await waitFor(() => heardOf("alice", eventsUri).length >= 1);
    await note(session, "The inn is on fire", false);
    await waitFor(() => heardOf("alice", eventsUri).length >= 2);
    await waitFor(() => heardOf("bob", eventsUri).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(heardOf("alice", eventsUri)).toEqual([undefined, undefined]);
    expect(heardOf("bob", eventsUri)).toEqual([undefined]);
  });

  it("keeps a caller's subscription, judged as that caller, when another caller ends theirs", async () => {
    const { session, eventsUri } = await sessionWithBob("Parting");
    await as("bob").subscribeResource({ uri: eventsUri });
    await as("alice").subscribeResource({ uri: eventsUri });
    await as("alice").unsubscribeResource({ uri: eventsUri });

    await note(session, "Alice whispers to herself", true);
    await note(session, "Alice left the table", false);
    await waitFor(() => heardOf("bob", eventsUri).length >= 1);
    await as("bob").unsubscribeResource({ uri: eventsUri });
    await as("alice").subscribeResource({ uri: eventsUri });
    await note(session, "Bob left the table", false);
    await waitFor(() => heardOf("alice", eventsUri).length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(heardOf("bob", eventsUri)).toHaveLength(1);
    expect(heardOf("alice", eventsUri)).toHaveLength(1);
  });

  it("subscribes each caller again after the upstream restarts", async () => {
    const { session, eventsUri } = await sessionWithBob("Phoenix");
    await as("bob").subscribeResource({ uri: eventsUri });
    await as("alice").subscribeResource({ uri: eventsUri });

    killCampaignChildren();
    await waitUntilBothHearAgain(session, eventsUri);
    const before = {
      alice: heardOf("alice", eventsUri).length,
      bob: heardOf("bob", eventsUri).length,
    };
    await note(session, "The phoenix is the innkeeper", true);
    await note(session, "Ashes fall", false);
    await waitFor(() => heardOf("alice", eventsUri).length >= before.alice + 2);
    await waitFor(() => heardOf("bob", eventsUri).length >= before.bob + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(heardOf("alice", eventsUri)).toHaveLength(before.alice + 2);
    expect(heardOf("bob", eventsUri)).toHaveLength(before.bob + 1);
  });
});

describe("a server told to trust a gateway's identity", () => {
  it("refuses to serve HTTP with it, with exit 2", () => {
    const run = spawnSync(process.execPath, [CAMPAIGN, "--transport", "http", "--port", "0"], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        MCP_TRUST_GATEWAY_IDENTITY: "1",
        TABLETOP_DB: ":memory:",
      },
      timeout: 20_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("applies only to --transport stdio");
  });
});

describe("the gateway's --check with a token table", () => {
  const check = (config: string) =>
    spawnSync(
      process.execPath,
      [GATEWAY, "--config", config, "--auth-tokens", tokenFile, "--check"],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" },
        timeout: 60_000,
      },
    );

  it("says a stdio upstream that is not trusted takes every caller for one user", () => {
    const run = check(writeConfig("untrusted.json", false));
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      'stdio upstream "campaign" does not take the caller from the gateway (its entry is not "trusted": true): every caller is one user to it',
    );
  });

  it("says nothing of a trusted one that declares it takes the caller", () => {
    const run = check(writeConfig("trusted.json", true));
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain("every caller is one user");
  });
});
