import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dumpDatabase } from "../support/database-dump.js";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import { writeTokenTable } from "../support/token-table.js";
import { CLI_ENTRY, callError, callOk, type HttpChild, readJson, spawnHttp } from "./harness.js";

const SUBJECTS = ["gm-sub", "other-sub"] as const;

describe.each(["legacy", "modern"] as const)(
  `a context handle over HTTP on ${STORE_KIND}, from connections of its own, %s era`,
  (era) => {
    let database: TestDatabase;
    let directory: string;
    let server: HttpChild;
    let tokens: Map<string, string>;
    const clients: Client[] = [];

    async function connect(subject: (typeof SUBJECTS)[number]): Promise<Client> {
      const client = new Client(
        { name: `handle-${clients.length}`, version: "1.0.0" },
        clientOptions(era),
      );
      const headers = { authorization: `Bearer ${tokens.get(subject) ?? ""}` };
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }),
      );
      clients.push(client);
      return client;
    }

    beforeAll(async () => {
      database = await freshDatabase();
      directory = mkdtempSync(join(tmpdir(), "campaign-handles-"));
      const table = writeTokenTable(directory, SUBJECTS);
      tokens = table.tokens;
      server = await spawnHttp(CLI_ENTRY, ["--db", database.location, "--auth-tokens", table.file]);
    });

    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await server.stop();
      await database.remove();
      rmSync(directory, { recursive: true, force: true });
    });

    it("works in the handle's campaign from three other connections; another subject finds nothing", async () => {
      const setter = await connect("gm-sub");
      const campaign = await callOk(setter, "campaign_create", { name: "Far", gm_mode: "HUMAN" });
      const { context: handle } = await callOk(setter, "set_context", { campaign_id: campaign.id });
      const [first, second, third] = [
        await connect("gm-sub"),
        await connect("gm-sub"),
        await connect("gm-sub"),
      ];
      if (!first || !second || !third) throw new Error("a client did not connect");

      const character = await callOk(first, "character_create", {
        context: handle,
        name: "Aria",
        kind: "PC",
      });
      const session = await callOk(second, "session_start", { context: handle });
      const read = await readJson(third, `context://${handle}`);

      expect(character.campaign_id).toBe(campaign.id);
      expect(session.campaign_id).toBe(campaign.id);
      expect(read).toEqual({
        context: handle,
        campaign_id: campaign.id,
        session_id: null,
        participant_id: null,
      });

      const other = await connect("other-sub");
      const before = await dumpDatabase(database.location);
      expect(
        await callError(other, "character_create", { context: handle, name: "Eve", kind: "NPC" }),
      ).toEqual({ code: "NOT_FOUND", message: "context not found" });
      // The SDK v2 sends resource-not-found as -32602 with data {uri}, never -32002.
      await expect(other.readResource({ uri: `context://${handle}` })).rejects.toMatchObject({
        code: -32602,
        message: "context not found",
        data: { uri: `context://${handle}` },
      });
      expect(await dumpDatabase(database.location)).toEqual(before);
    });

    it("defaults from set_context within a 2025 session only; a modern request names its handle", async () => {
      const client = await connect("gm-sub");
      const campaign = await callOk(client, "campaign_create", { name: "Kept", gm_mode: "HUMAN" });
      await callOk(client, "set_context", { campaign_id: campaign.id });
      const args = { name: "Cora", kind: "NPC" };
      if (era === "legacy") {
        expect((await callOk(client, "character_create", args)).campaign_id).toBe(campaign.id);
        return;
      }
      // Each modern request is served by a server of its own: nothing of the earlier
      // set_context is remembered, whichever replica or request served it.
      expect(await callError(client, "character_create", args)).toEqual({
        code: "INVALID_ARGUMENT",
        message: "campaign_id is required: pass it or call set_context",
      });
    });

    it.runIf(era === "modern")(
      "tells a listener of a write another client made, and never another subject's",
      async () => {
        const gm = await connect("gm-sub");
        expect(gm.getProtocolEra()).toBe("modern");
        const campaign = await callOk(gm, "campaign_create", { name: "Heard", gm_mode: "HUMAN" });
        const uri = `campaign://${campaign.id}/characters`;
        const heard: string[] = [];
        const listener = await connect("gm-sub");
        listener.setNotificationHandler("notifications/resources/updated", ({ params }) => {
          heard.push(params.uri);
        });
        const strangerHeard: string[] = [];
        const stranger = await connect("other-sub");
        stranger.setNotificationHandler("notifications/resources/updated", ({ params }) => {
          strangerHeard.push(params.uri);
        });
        const listening = await listener.listen({ resourceSubscriptions: [uri] });
        const strangerListening = await stranger.listen({ resourceSubscriptions: [uri] });
        await callOk(gm, "character_create", { campaign_id: campaign.id, name: "Bo", kind: "PC" });
        await expect.poll(() => heard).toEqual([uri]);
        // The stranger's stream is open and filtered: give it the same time to hear nothing.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(strangerHeard).toEqual([]);
        await listening.close();
        await strangerListening.close();
      },
    );
  },
);
