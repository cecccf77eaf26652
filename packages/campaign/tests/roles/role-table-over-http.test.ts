import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ENTRY, callOk, type HttpChild, readJson, spawnHttp } from "../e2e/harness.js";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import { writeTokenTable } from "../support/token-table.js";
import { GM, PLAYER, roleTableTests, STRANGER, type TableConnection } from "./role-table.js";

async function connectWithToken(url: string, token: string | undefined): Promise<Client> {
  const client = new Client({ name: "role-table-over-http", version: "1.0.0" });
  const headers = { authorization: `Bearer ${token ?? ""}` };
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

describe(`the role table on ${STORE_KIND} over HTTP, with a token table of three users`, () => {
  let database: TestDatabase;
  let directory: string;
  let server: HttpChild;
  let connection: TableConnection;

  beforeAll(async () => {
    database = await freshDatabase();
    directory = mkdtempSync(join(tmpdir(), "campaign-tokens-"));
    const { file, tokens } = writeTokenTable(directory, [GM, PLAYER, STRANGER]);
    server = await spawnHttp(CLI_ENTRY, ["--db", database.location, "--auth-tokens", file]);
    const [gm, player, stranger] = await Promise.all(
      [GM, PLAYER, STRANGER].map((user) => connectWithToken(server.url, tokens.get(user.subject))),
    );
    if (!gm || !player || !stranger) throw new Error("a client did not connect");
    connection = { gm, player, stranger, location: database.location };
  });

  afterAll(async () => {
    await Promise.all(
      [connection.gm, connection.player, connection.stranger].map((client) => client.close()),
    );
    await server.stop();
    await database.remove();
    rmSync(directory, { recursive: true, force: true });
  });

  it("seats a campaign's creator as its GM, named as their token says", async () => {
    const campaign = await callOk(connection.gm, "campaign_create", {
      name: "Named",
      gm_mode: "AI",
    });
    expect(campaign.participant_count).toBe(1);
    const seats = await readJson(connection.gm, `campaign://${campaign.id}/participants`);
    expect(seats.participants).toEqual([
      expect.objectContaining({
        display_name: GM.name,
        role: "GM",
        controller: "HUMAN",
        user: GM.subject,
      }),
    ]);
  });

  roleTableTests(() => connection);
});
