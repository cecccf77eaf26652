import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI_ENTRY, callOk, type HttpChild, readJson, spawnHttp } from "../e2e/harness.js";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import { GM, PLAYER, roleTableTests, STRANGER, type TableConnection } from "./role-table.js";

const SCOPES = ["campaign:read", "campaign:write"];

/** A token for each user, and the token table that admits them (only their SHA-256). */
function tokenTable(directory: string): { file: string; tokens: Map<string, string> } {
  const tokens = new Map<string, string>();
  const rows = [GM, PLAYER, STRANGER].map((user) => {
    const token = randomBytes(24).toString("base64url");
    tokens.set(user.subject, token);
    const sha256 = createHash("sha256").update(token).digest("hex");
    return {
      sha256,
      sub: user.subject,
      scopes: SCOPES,
      ...("name" in user ? { name: user.name } : {}),
    };
  });
  const file = join(directory, "tokens.json");
  writeFileSync(file, JSON.stringify({ tokens: rows }));
  return { file, tokens };
}

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
    const { file, tokens } = tokenTable(directory);
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
