import type { Client } from "@modelcontextprotocol/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPostgresDatabase, type TestDatabase } from "../../support/store-under-test.js";
import { callOk, connectHttp, type HttpChild } from "../harness.js";
import { killReplica, startReplica } from "./replica-harness.js";

function collectUpdates(client: Client): string[] {
  const uris: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    uris.push(notification.params.uri);
  });
  return uris;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe("resources/updated across replicas through LISTEN/NOTIFY (docs/campaign.md §10.3)", () => {
  let database: TestDatabase;
  let replicaA: HttpChild;
  let replicaB: HttpChild;
  let writer: Client;
  let watcher: Client;
  let updates: string[];
  let admin: pg.Client;

  beforeAll(async () => {
    database = await newPostgresDatabase();
    replicaA = await startReplica(database.location);
    replicaB = await startReplica(database.location);
    writer = await connectHttp(replicaA.url);
    watcher = await connectHttp(replicaB.url);
    updates = collectUpdates(watcher);
    admin = new pg.Client({ connectionString: database.location });
    await admin.connect();
  });

  afterAll(async () => {
    await writer.close();
    await watcher.close();
    await admin.end();
    await replicaA.stop();
    await replicaB.stop();
    await database.remove();
  });

  it("publishes only URIs and their audience, in payloads under 8,000 bytes, for committed writes alone", async () => {
    const payloads: string[] = [];
    admin.on("notification", (message) => payloads.push(message.payload ?? ""));
    await admin.query("LISTEN tabletop_campaign");
    const campaign = await callOk(writer, "campaign_create", {
      name: "Secret Garden",
      gm_mode: "HUMAN",
      theme_prompt: "a theme that must never travel in a notification",
    });
    await writer.callTool({
      name: "gm_fear_adjust",
      arguments: { campaign_id: campaign.id, delta: -1 },
    });
    await waitFor(() => payloads.some((payload) => payload.includes(String(campaign.id))));
    await settle();
    await admin.query("UNLISTEN tabletop_campaign");

    const notices = payloads.map((payload) => JSON.parse(payload) as Record<string, unknown>);
    expect(notices.map((notice) => notice.uris)).toEqual([
      ["campaigns://list", `campaign://${campaign.id}`],
    ]);
    for (const [index, notice] of notices.entries()) {
      expect(Object.keys(notice).sort()).toEqual(["audience", "origin", "uris"]);
      expect(notice.audience).toEqual({ campaign_id: campaign.id, gm_only: false });
      expect(Buffer.byteLength(payloads[index] ?? "")).toBeLessThan(8000);
      expect(payloads[index]).not.toContain("Secret Garden");
    }
  });

  it("reaches a subscriber of replica B when replica A writes", async () => {
    const campaign = await callOk(writer, "campaign_create", { name: "Far", gm_mode: "AI" });
    const charactersUri = `campaign://${campaign.id}/characters`;
    await watcher.subscribeResource({ uri: charactersUri });

    await callOk(writer, "character_create", { campaign_id: campaign.id, name: "Z", kind: "NPC" });
    await waitFor(() => updates.includes(charactersUri));
    await settle();

    expect(updates.filter((uri) => uri === charactersUri)).toHaveLength(1);
  });

  it("recovers when B's listening connection is terminated, announcing every subscription once", async () => {
    const campaign = await callOk(writer, "campaign_create", { name: "Cut", gm_mode: "AI" });
    const campaignUri = `campaign://${campaign.id}`;
    const sessionsUri = `campaign://${campaign.id}/sessions`;
    await watcher.subscribeResource({ uri: campaignUri });
    await watcher.subscribeResource({ uri: sessionsUri });
    await settle();
    updates.length = 0;

    const terminated = await admin.query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
       WHERE application_name = $1`,
      [`tabletop-campaign listener ${replicaB.child.pid}`],
    );
    expect(terminated.rows).toEqual([{ done: true }]);
    await waitFor(() => updates.includes(campaignUri) && updates.includes(sessionsUri));
    await settle();
    expect(updates.filter((uri) => uri === campaignUri)).toHaveLength(1);
    expect(updates.filter((uri) => uri === sessionsUri)).toHaveLength(1);

    updates.length = 0;
    await callOk(writer, "session_start", { campaign_id: campaign.id });
    await waitFor(() => updates.includes(sessionsUri));
    expect(updates).not.toContain(campaignUri);
  });

  it("announces every acknowledged write of a replica SIGKILLed right after acknowledging it, since it notifies inside the write's transaction", async () => {
    const doomed = await startReplica(database.location);
    const doomedClient = await connectHttp(doomed.url);
    const campaigns = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        callOk(writer, "campaign_create", { name: `Doomed ${index}`, gm_mode: "AI" }),
      ),
    );
    const uris = campaigns.map((campaign) => `campaign://${campaign.id}`);
    for (const uri of uris) await watcher.subscribeResource({ uri });
    await settle();
    updates.length = 0;

    // Every write is acknowledged, then the replica dies at once: nothing it meant to send
    // after a commit gets out.
    await Promise.all(
      campaigns.map((campaign) =>
        callOk(doomedClient, "gm_fear_adjust", { campaign_id: campaign.id, delta: 1 }),
      ),
    );
    await killReplica(doomed);
    await doomedClient.close().catch(() => undefined);
    await waitFor(() => uris.every((uri) => updates.includes(uri)));

    expect(new Set(updates)).toEqual(new Set(uris));
  });
});
