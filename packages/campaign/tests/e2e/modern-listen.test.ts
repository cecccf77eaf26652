import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import { CLI_ENTRY, callOk, type HttpChild, spawnHttp } from "./harness.js";

describe(`a 2026-07-28 listen stream on ${STORE_KIND} with no auth`, () => {
  let database: TestDatabase;
  let server: HttpChild;
  let other: HttpChild;
  const clients: Client[] = [];

  async function connect(url = server.url): Promise<Client> {
    const client = new Client({ name: "listen-test", version: "1.0.0" }, clientOptions("modern"));
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    database = await freshDatabase();
    server = await spawnHttp(CLI_ENTRY, ["--db", database.location]);
    other = await spawnHttp(CLI_ENTRY, ["--db", database.location]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.stop();
    await other.stop();
    await database.remove();
  });

  it("hears the writes another process makes to the same database", async () => {
    const writer = await connect(other.url);
    const campaign = await callOk(writer, "campaign_create", { name: "Far", gm_mode: "AI" });
    const uri = `campaign://${campaign.id}/characters`;
    const heard: string[] = [];
    const listener = await connect();
    listener.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push(params.uri);
    });
    const listening = await listener.listen({ resourceSubscriptions: [uri] });
    for (const name of ["Ada", "Bo", "Cy"]) {
      await callOk(writer, "character_create", { campaign_id: campaign.id, name, kind: "NPC" });
    }
    await expect.poll(() => heard).toEqual([uri, uri, uri]);
    await listening.close();
  });

  it("hears the local user's writes, as a 2025 subscription does", async () => {
    const writer = await connect();
    const campaign = await callOk(writer, "campaign_create", { name: "Open", gm_mode: "HUMAN" });
    const uris = [`campaign://${campaign.id}/characters`, `campaign://${campaign.id}`];
    const heard: string[] = [];
    const listener = await connect();
    listener.setNotificationHandler("notifications/resources/updated", ({ params }) => {
      heard.push(params.uri);
    });
    const listening = await listener.listen({ resourceSubscriptions: uris });
    await callOk(writer, "character_create", { campaign_id: campaign.id, name: "Cy", kind: "PC" });
    await expect.poll(() => heard).toContain(uris[0]);
    await listening.close();
  });
});
