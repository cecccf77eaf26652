import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/server";
import {
  connectHttp,
  connectStdioCommand,
  type HttpProcess,
  startHttpCommand,
} from "@tabletop-mcp/kit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN } from "./support/commands.js";
import { startTestIssuer, type TestIssuer } from "./support/test-issuer.js";

let directory: string;
let issuer: TestIssuer;
let campaign: HttpProcess;
/** The campaign the local user made over stdio, before the store was served over HTTP. */
let localCampaign: string;

/** A store with one campaign made over stdio (as `local`), then served with an issuer. */
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "reserved-subjects-"));
  const db = join(directory, "campaign.db");
  const local = await connectStdioCommand(CAMPAIGN, ["--db", db]);
  const created = (await local.client.callTool({
    name: "campaign_create",
    arguments: { name: "Mine", gm_mode: "HUMAN" },
  })) as CallToolResult;
  localCampaign = (created.structuredContent as { id: string }).id;
  await local.close();
  issuer = await startTestIssuer();
  campaign = await startHttpCommand(CAMPAIGN, ["--db", db, "--auth-issuer", issuer.issuer]);
});

afterAll(async () => {
  await campaign?.stop();
  await issuer?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

async function tokenFor(claims: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return issuer.sign({
    iss: issuer.issuer,
    aud: campaign.url,
    scope: "campaign:read campaign:write",
    iat: now,
    exp: now + 600,
    ...claims,
  });
}

describe("the subjects of the other auth modes", () => {
  it("are not an OAuth token's: a token whose sub is local owns nothing of the local user", async () => {
    const connection = await connectHttp(campaign.url, {
      authorization: `Bearer ${await tokenFor({ sub: "local" })}`,
    });
    try {
      const { contents } = await connection.client.readResource({ uri: "campaigns://list" });
      const first = contents[0];
      const listed = JSON.parse(first && "text" in first ? first.text : "{}") as {
        campaigns: { id: string }[];
      };
      expect(listed.campaigns.map((item) => item.id)).not.toContain(localCampaign);
      await expect(
        connection.client.readResource({ uri: `campaign://${localCampaign}` }),
      ).rejects.toThrow(/campaign not found/);
      const { resources } = await connection.client.listResources();
      expect(resources.map((resource) => resource.uri)).not.toContain(
        `campaign://${localCampaign}`,
      );
    } finally {
      await connection.close();
    }
  });

  it("are not a token table row's: a row named local stops the server with exit 2", () => {
    const file = join(directory, "tokens.json");
    const sha256 = createHash("sha256").update("a-token").digest("hex");
    writeFileSync(file, JSON.stringify({ tokens: [{ sha256, sub: "local", scopes: [] }] }));
    // A server that accepted the row would serve until killed: the time limit ends it.
    const run = spawnSync(
      process.execPath,
      [CAMPAIGN, "--transport", "http", "--port", "0", "--auth-tokens", file],
      { encoding: "utf8", env: { PATH: process.env.PATH ?? "" }, timeout: 20_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("tokens.0.sub is reserved");
  });
});
