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
import { startReplica } from "./replica-harness.js";

/** A client through the balancer, with the replicas that answered its requests. */
interface TrackedClient {
  client: Client;
  servedBy: Set<string>;
  updates: string[];
}

async function connectTracked(url: string): Promise<TrackedClient> {
  const servedBy = new Set<string>();
  const updates: string[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const replica = response.headers.get(SERVED_BY_HEADER);
      if (replica) servedBy.add(replica);
      return response;
    },
  });
  const client = new Client({ name: "sticky-test", version: "1.0.0" });
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    updates.push(notification.params.uri);
  });
  await client.connect(transport);
  return { client, servedBy, updates };
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const haproxy = findHaproxy();
if (!haproxy && process.env.CI) {
  throw new Error(
    "haproxy is needed for the sticky-session tests when CI is set (apt-get install haproxy)",
  );
}
if (!haproxy) process.stderr.write("sticky-sessions: skipped, no haproxy on this machine\n");

describe.skipIf(!haproxy)(
  'sessions behind HAProxy, sticky on mcp-session-id (the README\'s "Past one machine")',
  () => {
    const CLIENTS = 6;
    let database: TestDatabase;
    let replicas: HttpChild[];
    let balancer: Balancer;
    let clients: TrackedClient[];

    beforeAll(async () => {
      database = await newPostgresDatabase();
      replicas = await Promise.all([1, 2, 3].map(() => startReplica(database.location)));
      balancer = await startHaproxy(
        haproxy ?? "haproxy",
        replicas.map((replica) => replica.url),
        "sticky",
      );
      clients = [];
      // One after another, so that the balancer hands the new sessions out in turn.
      for (let index = 0; index < CLIENTS; index++)
        clients.push(await connectTracked(balancer.url));
    });

    afterAll(async () => {
      await Promise.all((clients ?? []).map(({ client }) => client.close()));
      await balancer?.stop();
      await Promise.all((replicas ?? []).map((replica) => replica.stop()));
      await database?.remove();
    });

    it("keeps every request of a session on the replica that created it, sessions spread over all three", async () => {
      for (const [index, { client }] of clients.entries()) {
        const campaign = await callOk(client, "campaign_create", {
          name: `Table ${index}`,
          gm_mode: "AI",
        });
        await callOk(client, "character_create", {
          campaign_id: campaign.id,
          name: `Hero ${index}`,
          kind: "PC",
        });
        await callOk(client, "gm_fear_adjust", { campaign_id: campaign.id, delta: 1 });
      }

      for (const { servedBy } of clients) expect(servedBy.size).toBe(1);
      const replicasUsed = new Set(clients.flatMap(({ servedBy }) => [...servedBy]));
      expect([...replicasUsed].sort()).toEqual(["r1", "r2", "r3"]);
    });

    it("tells a subscriber on one replica of a write made through another", async () => {
      const [watcher, writer] = pairOnDifferentReplicas(clients);
      const campaign = await callOk(writer.client, "campaign_create", {
        name: "Shared",
        gm_mode: "AI",
      });
      const uri = `campaign://${campaign.id}`;
      await watcher.client.subscribeResource({ uri });
      watcher.updates.length = 0;

      await callOk(writer.client, "gm_fear_adjust", { campaign_id: campaign.id, delta: 2 });
      await waitFor(() => watcher.updates.includes(uri));

      const seen = (await readJson(watcher.client, uri)).campaign as Record<string, unknown>;
      expect(seen.gm_fear).toBe(2);
    });
  },
);

function pairOnDifferentReplicas(
  clients: readonly TrackedClient[],
): [TrackedClient, TrackedClient] {
  const watcher = clients[0];
  const replica = watcher ? [...watcher.servedBy][0] : undefined;
  const writer = clients.find(({ servedBy }) => replica !== undefined && !servedBy.has(replica));
  if (!watcher || !writer) throw new Error("no two clients on different replicas");
  return [watcher, writer];
}
