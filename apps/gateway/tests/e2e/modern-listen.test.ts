// docs/gateway.md §7.5: a 2026-07-28 client's subscriptions/listen stream to the gateway hears
// list changes and updates of the resources it names from upstreams of both eras: the campaign
// builtin, a 2026-07-28 HTTP upstream behind a prefix, and a 2025 stdio upstream on the shared
// connection. What it did not name it does not hear, and a closed stream lets go upstream.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cleanupAll,
  fixtureStdio,
  GATEWAY_ENTRY,
  type HttpChild,
  readRecord,
  sleep,
  startGatewayHttp,
  startModernFixture,
  tempFolder,
  trackPid,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

let modern: HttpChild;
let gateway: HttpChild;
const clients: Client[] = [];

beforeAll(async () => {
  modern = await startModernFixture(["--name", "modern"]);
  const config = writeConfig({
    mcpServers: {
      campaign: { builtin: "campaign", options: { dbPath: ":memory:" } },
      modern: { url: modern.url, prefix: "m" },
      old: fixtureStdio([
        "--name",
        "old",
        "--scheme",
        "old",
        "--tools",
        "echo,touch,add_tool,_record",
      ]),
    },
  });
  gateway = await startGatewayHttp(["--config", config]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await cleanupAll();
});

/** A 2026-07-28 client of a gateway (this file's, by default) and what its streams delivered. */
async function connect(
  url = gateway.url,
  token?: string,
): Promise<{ client: Client; heard: string[] }> {
  const client = new Client({ name: "listen-test", version: "1.0.0" }, clientOptions("modern"));
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  clients.push(client);
  const heard: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
    heard.push(params.uri);
  });
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    heard.push("tools");
  });
  client.setNotificationHandler("notifications/resources/list_changed", () => {
    heard.push("resources");
  });
  return { client, heard };
}

function structured(result: Awaited<ReturnType<typeof call>>): Record<string, unknown> {
  if (result.isError) throw new Error(`call failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent as Record<string, unknown>;
}

describe("a 2026-07-28 listen stream to the gateway", () => {
  it("hears the campaign builtin's changes of the resources it names", async () => {
    const writer = await connect();
    const created = structured(
      await call(writer.client, "campaign_create", { name: "Heard", gm_mode: "HUMAN" }),
    );
    const characters = `campaign://${created.id}/characters`;
    const listener = await connect();
    const stream = await listener.client.listen({ resourceSubscriptions: [characters] });
    await call(writer.client, "character_create", {
      campaign_id: created.id,
      name: "Ada",
      kind: "NPC",
    });
    await expect.poll(() => listener.heard).toEqual([characters]);
    await stream.close();
  });

  it("hears a prefixed 2026-07-28 upstream's updates under the exposed URI, and only those named", async () => {
    const listener = await connect();
    const stream = await listener.client.listen({
      resourceSubscriptions: ["modern://m__note/2"],
    });
    await call(listener.client, "m__touch", { uri: "modern://note/1" });
    await call(listener.client, "m__touch", { uri: "modern://note/2" });
    await expect.poll(() => listener.heard).toEqual(["modern://m__note/2"]);
    await stream.close();
  });

  it("hears a 2025 stdio upstream's updates through the shared connection, until it closes", async () => {
    const listener = await connect();
    const other = await connect();
    const stream = await listener.client.listen({ resourceSubscriptions: ["old://item/1"] });
    const otherStream = await other.client.listen({ resourceSubscriptions: ["old://item/1"] });
    await call(listener.client, "touch", { uri: "old://item/2" });
    await call(listener.client, "touch", { uri: "old://item/1" });
    await expect.poll(() => listener.heard).toEqual(["old://item/1"]);
    await expect.poll(() => other.heard).toEqual(["old://item/1"]);
    const subscribed = (await readRecord(listener.client)).subscribe.map((entry) => entry.uri);
    expect(subscribed).toEqual(["old://item/1"]);

    await stream.close();
    await call(other.client, "touch", { uri: "old://item/1" });
    await expect.poll(() => other.heard).toEqual(["old://item/1", "old://item/1"]);
    expect((await readRecord(other.client)).unsubscribe).toEqual([]);
    await otherStream.close();
    await waitFor(
      async () => (await readRecord(other.client)).unsubscribe.length === 1,
      "the upstream unsubscribe once no stream names the URI",
    );
    expect(listener.heard).toEqual(["old://item/1"]);
  });

  it("hears that the tools changed when an upstream adds one", async () => {
    const listener = await connect();
    const stream = await listener.client.listen({ toolsListChanged: true });
    await call(listener.client, "add_tool", { name: "freshly_added" });
    await expect.poll(() => listener.heard).toContain("tools");
    const names = (await listener.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("freshly_added");
    await stream.close();
  });
});

describe("a 2026-07-28 listen stream to the gateway under a token table", () => {
  const tokens = {
    gm: "listen-gm-token-0123456789abcdef",
    player: "listen-player-token-0123456789",
  };
  let guarded: HttpChild;

  beforeAll(async () => {
    const folder = tempFolder();
    const digest = (token: string) => createHash("sha256").update(token).digest("hex");
    const table = join(folder, "tokens.json");
    const scopes = ["campaign:read", "campaign:write"];
    writeFileSync(
      table,
      JSON.stringify({
        tokens: [
          { sha256: digest(tokens.gm), sub: "gm", scopes },
          { sha256: digest(tokens.player), sub: "player", scopes },
        ],
      }),
    );
    const config = writeConfig(
      { mcpServers: { campaign: { builtin: "campaign", options: { dbPath: ":memory:" } } } },
      folder,
    );
    guarded = await startGatewayHttp(["--config", config, "--auth-tokens", table]);
  });

  it("tells a player of the campaign builtin's changes they may read, never of GM-only notes", async () => {
    const gm = await connect(guarded.url, tokens.gm);
    const campaign = structured(
      await call(gm.client, "campaign_create", { name: "Overheard", gm_mode: "HUMAN" }),
    );
    structured(
      await call(gm.client, "participant_create", {
        campaign_id: campaign.id,
        display_name: "Pell",
        role: "PLAYER",
        user: "player",
      }),
    );
    const session = structured(
      await call(gm.client, "session_start", { campaign_id: campaign.id }),
    );
    const log = `session://${session.id}/events`;
    const gmListener = await connect(guarded.url, tokens.gm);
    const player = await connect(guarded.url, tokens.player);
    const gmStream = await gmListener.client.listen({ resourceSubscriptions: [log] });
    const playerStream = await player.client.listen({ resourceSubscriptions: [log] });

    const note = { session_id: session.id, text: "the duke is the spy", gm_only: true };
    structured(await call(gm.client, "session_note_add", note));
    await expect.poll(() => gmListener.heard).toEqual([log]);
    structured(
      await call(gm.client, "session_note_add", { session_id: session.id, text: "for all" }),
    );
    await expect.poll(() => gmListener.heard).toEqual([log, log]);
    // The note for everyone reaches the player; the GM-only one, written before it, never did.
    await expect.poll(() => player.heard.length).toBeGreaterThan(0);
    await sleep(300);
    expect(player.heard).toEqual([log]);
    await gmStream.close();
    await playerStream.close();
  });
});

describe("a 2026-07-28 listen stream to the gateway over stdio", () => {
  it("hears a 2025 upstream's updates of the URIs it names, and list changes", async () => {
    const config = writeConfig({
      mcpServers: {
        old: fixtureStdio(["--name", "old", "--scheme", "old", "--tools", "echo,touch,add_tool"]),
      },
    });
    const client = new Client({ name: "listen-test", version: "1.0.0" }, clientOptions("modern"));
    clients.push(client);
    const heard: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push(params.uri);
    });
    client.setNotificationHandler("notifications/tools/list_changed", () => {
      heard.push("tools");
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_ENTRY, "--config", config],
    });
    await client.connect(transport);
    if (transport.pid !== null) trackPid(transport.pid);
    const stream = await client.listen({
      resourceSubscriptions: ["old://item/1"],
      toolsListChanged: true,
    });
    await call(client, "touch", { uri: "old://item/2" });
    await call(client, "touch", { uri: "old://item/1" });
    await expect.poll(() => heard).toEqual(["old://item/1"]);
    await call(client, "add_tool", { name: "added_over_stdio" });
    await expect.poll(() => heard).toEqual(["old://item/1", "tools"]);
    await stream.close();
  });
});
