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

const SUBJECTS = ["gm-sub", "player-sub"] as const;
type Subject = (typeof SUBJECTS)[number];

describe.each(["modern", "legacy"] as const)(
  `the session's memory and the edits over HTTP on ${STORE_KIND}, %s era`,
  (era) => {
    let database: TestDatabase;
    let directory: string;
    let server: HttpChild;
    let tokens: Map<string, string>;
    const clients: Client[] = [];

    async function connect(subject: Subject): Promise<Client> {
      const client = new Client(
        { name: `memory-${subject}`, version: "1.0.0" },
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
      directory = mkdtempSync(join(tmpdir(), "campaign-memory-"));
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

    it("edits a campaign, a seat and a character, then finds them by their words, by role", async () => {
      const gm = await connect("gm-sub");
      const player = await connect("player-sub");
      expect(gm.getProtocolEra()).toBe(era);
      const campaign = await callOk(gm, "campaign_create", { name: "Draft", gm_mode: "HUMAN" });
      const { context: gmHandle } = await callOk(gm, "set_context", { campaign_id: campaign.id });
      const seat = await callOk(gm, "participant_create", {
        context: gmHandle,
        display_name: "Pat",
        role: "PLAYER",
        user: "player-sub",
      });
      const { context: playerHandle } = await callOk(player, "set_context", {
        campaign_id: campaign.id,
      });
      const pip = await callOk(player, "character_create", {
        context: playerHandle,
        name: "Pip",
        kind: "PC",
      });
      const session = await callOk(gm, "session_start", { context: gmHandle, name: "One" });

      expect(
        await callOk(gm, "campaign_update", { context: gmHandle, name: "The Salt Roads" }),
      ).toMatchObject({ id: campaign.id, name: "The Salt Roads" });
      expect(
        await callOk(player, "participant_update", {
          context: playerHandle,
          participant_id: seat.id,
          display_name: "Patricia",
        }),
      ).toMatchObject({ id: seat.id, display_name: "Patricia" });
      expect(
        await callOk(player, "character_update", {
          context: playerHandle,
          character_id: pip.id,
          notes: "Owes the salt merchant a favour",
        }),
      ).toMatchObject({ id: pip.id, notes: "Owes the salt merchant a favour" });
      const before = await dumpDatabase(database.location);
      expect(
        await callError(player, "campaign_update", { context: playerHandle, name: "Mine" }),
      ).toEqual({ code: "PERMISSION_DENIED", message: "only the GM may change the campaign" });
      expect(await dumpDatabase(database.location)).toEqual(before);
      await callOk(gm, "session_note_add", {
        session_id: session.id,
        text: "The salt merchant is a smuggler",
        gm_only: true,
      });

      const found = async (client: Client, handle: unknown, query: string) =>
        (
          (await callOk(client, "session_log_search", { context: handle, query })).events as {
            type: string;
          }[]
        ).map((event) => event.type);
      expect(await found(gm, gmHandle, "salt")).toEqual([
        "NOTE_ADDED",
        "CHARACTER_UPDATED",
        "CAMPAIGN_UPDATED",
      ]);
      expect(await found(player, playerHandle, "salt")).toEqual([
        "CHARACTER_UPDATED",
        "CAMPAIGN_UPDATED",
      ]);
      expect(await found(player, playerHandle, "smuggler")).toEqual([]);
      expect(await found(gm, gmHandle, "Patricia")).toEqual(["PARTICIPANT_UPDATED"]);
      const log = await readJson(player, `session://${session.id}/events`);
      expect((log.events as { type: string }[]).map((event) => event.type)).toEqual([
        "CHARACTER_UPDATED",
        "PARTICIPANT_UPDATED",
        "CAMPAIGN_UPDATED",
        "SESSION_STARTED",
      ]);
    });

    it("answers a hostile query as plain words, or names query and its limit", async () => {
      const gm = await connect("gm-sub");
      const campaign = await callOk(gm, "campaign_create", { name: "Q", gm_mode: "HUMAN" });
      const session = await callOk(gm, "session_start", { campaign_id: campaign.id });
      await callOk(gm, "session_note_add", { session_id: session.id, text: "Near the old mill" });
      const before = await dumpDatabase(database.location);
      const hostile = await callOk(gm, "session_log_search", {
        campaign_id: campaign.id,
        query: '"near" NEAR(mill*) -old ^the: (',
      });
      expect((hostile.events as unknown[]).length).toBe(1);
      const long = await gm.callTool({
        name: "session_log_search",
        arguments: { campaign_id: campaign.id, query: "x".repeat(10_000) },
      });
      expect(long.isError).toBe(true);
      expect(long.structuredContent).toMatchObject({
        error: {
          message: "Invalid parameters provided",
          details: [{ parameter: "query", valid_range: "1-200 characters" }],
        },
      });
      expect(await dumpDatabase(database.location)).toEqual(before);
    });
  },
);
