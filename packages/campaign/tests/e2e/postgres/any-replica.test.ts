import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Balancer,
  findHaproxy,
  SERVED_BY_HEADER,
  startHaproxy,
} from "../../support/haproxy.mjs";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";
import { callOk, type HttpChild, readJson } from "../harness.js";
import { killReplica, startReplica } from "./replica-harness.js";

const USERS = ["alice", "bob"] as const;
type User = (typeof USERS)[number];

/** A client through the balancer: the replica that answered each request, and its updates. */
interface TrackedClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  /** `METHOD replica` per answered request, in order. */
  answers: string[];
  updates: string[];
}

async function connectTracked(url: string, token: string): Promise<TrackedClient> {
  const answers: string[] = [];
  const updates: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      answers.push(`${init?.method ?? "GET"} ${response.headers.get(SERVED_BY_HEADER)}`);
      return response;
    },
    reconnectionOptions: {
      initialReconnectionDelay: 100,
      maxReconnectionDelay: 500,
      reconnectionDelayGrowFactor: 1.5,
      maxRetries: 20,
    },
  });
  const client = new Client({ name: "any-replica-test", version: "1.0.0" });
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    updates.push(notification.params.uri);
  });
  await client.connect(transport);
  return { client, transport, answers, updates };
}

/**
 * Changes the campaign's Fear by 1 (up, or down from the maximum of 12) through `writer` until
 * `watcher` hears of it, a bounded
 * number of times: a notification sent while the watcher's stream is being opened again is
 * lost, as MCP allows, and the client cannot tell when its stream is open.
 * @returns the Fear the last write left
 */
async function writeUntilHeard(
  writer: TrackedClient,
  watcher: TrackedClient,
  campaignId: string,
): Promise<number> {
  const uri = `campaign://${campaignId}`;
  watcher.updates.length = 0;
  let fear = -1;
  for (let attempt = 0; attempt < 40; attempt++) {
    const adjusted = await callOk(writer.client, "gm_fear_adjust", {
      campaign_id: campaignId,
      delta: fear === 12 ? -1 : 1,
    });
    fear = adjusted.gm_fear as number;
    const deadline = Date.now() + 250;
    while (Date.now() < deadline && !watcher.updates.includes(uri)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (watcher.updates.includes(uri)) return fear;
  }
  throw new Error("the watcher heard of no write in 40 attempts");
}

/** A token per user, and the token table that admits them (only their SHA-256). */
function tokenTable(directory: string): { file: string; tokens: Record<User, string> } {
  const tokens = { alice: "", bob: "" };
  const rows = USERS.map((user) => {
    tokens[user] = randomBytes(24).toString("base64url");
    const sha256 = createHash("sha256").update(tokens[user]).digest("hex");
    return { sha256, sub: user, scopes: ["campaign:read", "campaign:write"] };
  });
  const file = join(directory, "tokens.json");
  writeFileSync(file, JSON.stringify({ tokens: rows }));
  return { file, tokens };
}

function listTools(url: string, token: string, sessionId: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": sessionId,
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

const haproxy = findHaproxy();
if (!haproxy && process.env.CI) {
  throw new Error(
    "haproxy is needed for the any-replica tests when CI is set (apt-get install haproxy)",
  );
}
if (!haproxy) process.stderr.write("any-replica: skipped, no haproxy on this machine\n");

describe.skipIf(!haproxy)(
  "any replica serves any session, behind round robin (docs/campaign.md §10.5)",
  () => {
    let database: TestDatabase;
    let directory: string;
    let tokens: Record<User, string>;
    let replicas: HttpChild[];
    let balancer: Balancer;
    const clients: TrackedClient[] = [];

    beforeAll(async () => {
      database = await newPostgresDatabase();
      directory = mkdtempSync(join(tmpdir(), "campaign-any-replica-"));
      const table = tokenTable(directory);
      tokens = table.tokens;
      const flags = ["--shared-sessions", "--auth-tokens", table.file];
      replicas = await Promise.all([1, 2, 3].map(() => startReplica(database.location, flags)));
      balancer = await startHaproxy(
        haproxy ?? "haproxy",
        replicas.map((replica) => replica.url),
        "roundrobin",
      );
    });

    afterAll(async () => {
      await Promise.all(clients.map(({ client }) => client.close()));
      await balancer?.stop();
      await Promise.all((replicas ?? []).map((replica) => replica.stop()));
      await database?.remove();
      if (directory) rmSync(directory, { recursive: true, force: true });
    });

    it("keeps a session's context and subscriptions when the replica holding its stream is killed", async () => {
      const watcher = await connectTracked(balancer.url, tokens.alice);
      const writer = await connectTracked(balancer.url, tokens.alice);
      clients.push(watcher, writer);
      const campaign = await callOk(watcher.client, "campaign_create", {
        name: "Roaming",
        gm_mode: "AI",
      });
      await callOk(watcher.client, "set_context", { campaign_id: campaign.id });
      const uri = `campaign://${campaign.id}`;
      await watcher.client.subscribeResource({ uri });
      // Round robin spreads one session's requests over every replica.
      const replicasUsed = new Set(watcher.answers.map((answer) => answer.split(" ")[1]));
      expect([...replicasUsed].sort()).toEqual(["r1", "r2", "r3"]);

      // The stream's response starts with its first notification: the replica answering it is
      // known once an update has arrived.
      await writeUntilHeard(writer, watcher, campaign.id as string);
      const stream = watcher.answers.find((answer) => answer.startsWith("GET "))?.split(" ")[1];
      const holder = replicas[Number(stream?.slice(1)) - 1];
      if (!holder) throw new Error(`no GET stream among ${watcher.answers.join(", ")}`);
      await killReplica(holder);
      watcher.answers.length = 0;

      for (let call = 0; call < 4; call++) {
        const seen = await readJson(watcher.client, "context://current");
        expect(seen).toEqual({
          context: expect.stringMatching(/^ctx_/),
          campaign_id: campaign.id,
          session_id: null,
          participant_id: null,
        });
      }
      const posts = watcher.answers.filter((answer) => answer.startsWith("POST "));
      const survivors = new Set(posts.map((answer) => answer.split(" ")[1]));
      expect(survivors.size).toBe(2);
      expect(survivors.has(stream)).toBe(false);

      // The client opens its stream again on a surviving replica, which never held it.
      const fear = await writeUntilHeard(writer, watcher, campaign.id as string);
      const reopened = watcher.answers.find((answer) => answer.startsWith("GET "))?.split(" ")[1];
      expect(survivors.has(reopened)).toBe(true);
      const read = (await readJson(watcher.client, `campaign://${campaign.id}`)).campaign as Record<
        string,
        unknown
      >;
      expect(read.gm_fear).toBe(fear);
    });

    it("answers 404 for an unknown session id and for another user's session", async () => {
      const owner = await connectTracked(balancer.url, tokens.alice);
      clients.push(owner);
      const id = owner.transport.sessionId ?? "";
      // Twice each, so that both live replicas answer under round robin.
      for (let turn = 0; turn < 2; turn++) {
        expect((await listTools(balancer.url, tokens.alice, randomUUID())).status).toBe(404);
        expect((await listTools(balancer.url, tokens.bob, id)).status).toBe(404);
        const own = await listTools(balancer.url, tokens.alice, id);
        expect(own.status).toBe(200);
        await own.text();
      }
    });
  },
);
