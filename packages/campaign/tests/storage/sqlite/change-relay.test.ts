import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { ResourceHub } from "@tabletop-mcp/kit";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createServer } from "../../../src/server.js";
import { openCampaignStore } from "../../../src/storage/sqlite/open-sqlite-store.js";
import { temporaryDatabase } from "../../e2e/harness.js";

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("changes another process made while this one was not looking", () => {
  it("announce every subscribed URI once", async () => {
    const file = temporaryDatabase();
    const store = openCampaignStore(file.path);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer({ store, hub: new ResourceHub() }).connect(serverSide);
    const client = new Client({ name: "relay-test", version: "1.0.0" });
    await client.connect(clientSide);
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    await client.subscribeResource({ uri: "campaigns://list" });
    await client.subscribeResource({ uri: "campaign://camp_x/characters" });
    await client.subscribeResource({ uri: "campaign://camp_left" });
    await client.unsubscribeResource({ uri: "campaign://camp_left" });

    // Another process's row after a gap: the rows between were pruned before this one read them.
    const other = new Database(file.path);
    other
      .prepare(
        `INSERT INTO resource_changes (id, origin, uris_json, changed_at)
         VALUES (coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'resource_changes'), 0) + 5,
           'pruned-elsewhere', '["campaign://camp_y"]', 0)`,
      )
      .run();
    other.close();
    const deadline = Date.now() + 3000;
    while (updates.length < 2 && Date.now() < deadline) await pause();
    await pause();
    await client.close();
    await store.close();
    file.remove();

    expect(updates.sort()).toEqual(["campaign://camp_x/characters", "campaigns://list"]);
  });
});
