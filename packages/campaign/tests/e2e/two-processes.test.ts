import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import { CLI_ENTRY, callOk, connectStdio } from "./harness.js";

function collectUpdates(client: Client): string[] {
  const uris: string[] = [];
  client.setNotificationHandler("notifications/resources/updated", (notification) => {
    uris.push(notification.params.uri);
  });
  return uris;
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Long enough for several polls of the change feed, so late duplicates would show. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe(`two server processes sharing one ${STORE_KIND} database`, () => {
  let database: TestDatabase;
  let writer: Client;
  let watcher: Client;
  let writerUpdates: string[];
  let watcherUpdates: string[];

  beforeAll(async () => {
    database = await freshDatabase();
    writer = await connectStdio(CLI_ENTRY, ["--db", database.location]);
    watcher = await connectStdio(CLI_ENTRY, ["--db", database.location]);
    writerUpdates = collectUpdates(writer);
    watcherUpdates = collectUpdates(watcher);
    await watcher.subscribeResource({ uri: "campaigns://list" });
  });

  /** A campaign created through the writer, once the watcher has heard of its creation. */
  async function createCampaignSeenByWatcher(name: string): Promise<Record<string, unknown>> {
    const heard = () => watcherUpdates.filter((uri) => uri === "campaigns://list").length;
    const before = heard();
    const campaign = await callOk(writer, "campaign_create", { name, gm_mode: "AI" });
    await waitFor(() => heard() > before);
    return campaign;
  }

  afterAll(async () => {
    await writer.close();
    await watcher.close();
    await database.remove();
  });

  it("notifies a subscriber of one process of a write made through the other", async () => {
    const campaign = await createCampaignSeenByWatcher("Shared");

    const charactersUri = `campaign://${campaign.id}/characters`;
    const sessionsUri = `campaign://${campaign.id}/sessions`;
    await watcher.subscribeResource({ uri: charactersUri });
    const character = await callOk(writer, "character_create", {
      campaign_id: campaign.id,
      name: "Marlowe",
      kind: "PC",
    });
    await callOk(writer, "character_state_patch", {
      campaign_id: campaign.id,
      character_id: character.id,
      stress: 1,
    });
    await callOk(writer, "session_start", { campaign_id: campaign.id });
    await waitFor(() => watcherUpdates.filter((uri) => uri === charactersUri).length >= 2);
    await settle();

    expect(watcherUpdates.filter((uri) => uri === charactersUri)).toHaveLength(2);
    expect(watcherUpdates).not.toContain(sessionsUri);
    expect(watcherUpdates).not.toContain(`campaign://${campaign.id}`);
  });

  it("notifies its own subscribers of its own writes exactly once", async () => {
    const campaign = await createCampaignSeenByWatcher("Own");
    const campaignUri = `campaign://${campaign.id}`;
    await writer.subscribeResource({ uri: campaignUri });
    await watcher.subscribeResource({ uri: campaignUri });

    await callOk(writer, "gm_fear_adjust", { campaign_id: campaign.id, delta: 2 });
    await callOk(watcher, "gm_fear_adjust", { campaign_id: campaign.id, delta: 3 });
    await waitFor(
      () =>
        writerUpdates.filter((uri) => uri === campaignUri).length >= 2 &&
        watcherUpdates.filter((uri) => uri === campaignUri).length >= 2,
    );
    await settle();

    expect(writerUpdates.filter((uri) => uri === campaignUri)).toHaveLength(2);
    expect(watcherUpdates.filter((uri) => uri === campaignUri)).toHaveLength(2);
  });

  it("notifies nothing for a refused write", async () => {
    const campaign = await createCampaignSeenByWatcher("Refused");
    const campaignUri = `campaign://${campaign.id}`;
    await watcher.subscribeResource({ uri: campaignUri });

    const refused = await writer.callTool({
      name: "gm_fear_adjust",
      arguments: { campaign_id: campaign.id, delta: -1 },
    });
    await settle();

    expect(refused.isError).toBe(true);
    expect(watcherUpdates).not.toContain(campaignUri);
  });
});
