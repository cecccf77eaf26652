// docs/gateway.md §15, item 19: a resource URI stays with the server that first offered it; a
// server that starts listing it later (after a list change, or from its first listing after a
// restart) gets none of its lists, reads or subscriptions, and the conflict is reported.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Client,
  ProtocolError,
  type TextResourceContents,
} from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { viewHtml } from "../fixtures/fixture-server.mjs";
import {
  call,
  cleanupAll,
  fetchHealth,
  fixtureStdio,
  type Health,
  type HttpChild,
  openHttpSession,
  runGateway,
  startGatewayHttp,
  tempFolder,
  upstreamOf,
  waitFor,
  writeConfig,
} from "../helpers/gateway.js";

const CLAIMANT = fileURLToPath(new URL("../fixtures/late-claimant.mjs", import.meta.url));
const SHEET_URI = "ui://campaign/sheet.html";
const SHEET_HTML = readFileSync(
  fileURLToPath(new URL("../../../../packages/campaign/dist/views/sheet.html", import.meta.url)),
  "utf8",
);

afterAll(cleanupAll);

/** A config entry running the late claimant over stdio. */
function claimant(uri: string, claimedFile: string): Record<string, unknown> {
  const args = [CLAIMANT, "--claim", uri, "--after-ms", "1500", "--claimed-file", claimedFile];
  return { command: process.execPath, args };
}

interface ClaimantRecord {
  pid: number;
  reads: string[];
  subscribes: string[];
}

async function claimantRecord(client: Client): Promise<ClaimantRecord> {
  const result = await call(client, "claimant_record");
  return result.structuredContent as unknown as ClaimantRecord;
}

async function readText(client: Client, uri: string): Promise<string> {
  const { contents } = await client.readResource({ uri });
  return (contents[0] as TextResourceContents).text;
}

async function listed(client: Client, uri: string): Promise<unknown[]> {
  const { resources } = await client.listResources();
  return resources.filter((resource) => resource.uri === uri);
}

/** Waits until the claimant lists the URI (1.5 s after it starts; it writes the file then). */
async function claimMade(claimedFile: string): Promise<void> {
  await waitFor(() => existsSync(claimedFile), "the claimant to claim the URI");
}

type ConflictReport = Health["resource_conflicts"];

async function statusConflicts(gateway: HttpChild): Promise<ConflictReport> {
  const response = await fetch(`${gateway.origin}/status/data`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { resource_conflicts: ConflictReport }).resource_conflicts;
}

async function healthConflicts(gateway: HttpChild): Promise<ConflictReport> {
  return (await fetchHealth(gateway.origin)).resource_conflicts;
}

describe("a stdio upstream listed before campaign that starts listing campaign's sheet view", () => {
  it("never gets its lists, reads or subscriptions, also after it restarts", async () => {
    const folder = tempFolder();
    const claimedFile = join(folder, "claimed");
    const config = writeConfig(
      {
        mcpServers: {
          claimant: claimant(SHEET_URI, claimedFile),
          campaign: { builtin: "campaign", options: { dbPath: ":memory:" } },
        },
      },
      folder,
    );
    const gateway = await startGatewayHttp(["--config", config]);
    const session = await openHttpSession(gateway.url);
    expect(await readText(session.client, SHEET_URI)).toBe(SHEET_HTML);
    await claimMade(claimedFile);

    const entries = await listed(session.client, SHEET_URI);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ name: "campaign-sheet-view" });
    expect(await readText(session.client, SHEET_URI)).toBe(SHEET_HTML);
    await session.client.subscribeResource({ uri: SHEET_URI }).catch((error: unknown) => {
      // campaign may not offer subscriptions; the refusal must then name campaign.
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).message).toContain('"campaign"');
    });
    const before = await claimantRecord(session.client);
    expect(before.reads).not.toContain(SHEET_URI);
    expect(before.subscribes).not.toContain(SHEET_URI);

    const expected = { kind: "resource URI", uri: SHEET_URI, owner: "campaign" };
    const report = await healthConflicts(gateway);
    expect(report.conflicts).toEqual([
      expect.objectContaining({ ...expected, claimant: "claimant" }),
    ]);
    expect((await statusConflicts(gateway)).conflicts).toEqual(report.conflicts);

    await call(session.client, "claimant_exit");
    await waitFor(
      async () => upstreamOf(await fetchHealth(gateway.origin), "claimant").restarts === 1,
      "the claimant to come back",
    );
    expect(await listed(session.client, SHEET_URI)).toHaveLength(1);
    expect(await readText(session.client, SHEET_URI)).toBe(SHEET_HTML);
    const after = await claimantRecord(session.client);
    expect(after.pid).not.toBe(before.pid);
    expect(after.reads).not.toContain(SHEET_URI);
    expect(gateway.stderr()).toContain(SHEET_URI);
    expect((await healthConflicts(gateway)).conflicts).toHaveLength(1);
    await session.close();
    await gateway.stop();
  });
});

describe("a claimant while the owner of the URI is down", () => {
  it("cannot take the URI: reads fail as the owner's, and the owner keeps it when back", async () => {
    const folder = tempFolder();
    const refuseFile = join(folder, "owner-down");
    const claimedFile = join(folder, "claimed");
    // The owner's ui://owner/panel.html, as its prefix exposes it (docs/gateway.md §5.1).
    const panel = "ui://owner__owner/panel.html";
    const config = writeConfig(
      {
        mcpServers: {
          claimant: claimant(panel, claimedFile),
          owner: fixtureStdio(["--name", "owner", "--view", "--fail-after-exit", refuseFile], {
            prefix: "owner",
          }),
        },
      },
      folder,
    );
    const gateway = await startGatewayHttp(["--config", config]);
    const session = await openHttpSession(gateway.url);
    await claimMade(claimedFile);
    await call(session.client, "owner__exit", { code: 1 });
    await waitFor(() => existsSync(refuseFile), "the owner to exit");
    await waitFor(
      async () => upstreamOf(await fetchHealth(gateway.origin), "owner").state !== "ready",
      "the owner to be seen gone",
    );

    expect(await listed(session.client, panel)).toHaveLength(0);
    const failure = await session.client.readResource({ uri: panel }).then(
      () => undefined,
      (error: unknown) => error as ProtocolError,
    );
    expect(failure).toBeInstanceOf(ProtocolError);
    expect(failure?.data).toMatchObject({ upstream: "owner" });
    expect((await claimantRecord(session.client)).reads).not.toContain(panel);

    rmSync(refuseFile);
    await waitFor(
      async () => upstreamOf(await fetchHealth(gateway.origin), "owner").state === "ready",
      "the owner to come back",
      40_000,
    );
    expect(await listed(session.client, panel)).toHaveLength(1);
    expect(await readText(session.client, panel)).toBe(viewHtml("owner"));
    expect((await claimantRecord(session.client)).reads).not.toContain(panel);
    await session.close();
    await gateway.stop();
  });
});

describe("--check with a server that claims a builtin's view from the start", () => {
  it("exits 2 naming the URI and both servers", async () => {
    const folder = tempFolder();
    const claimedFile = join(folder, "claimed");
    writeFileSync(claimedFile, "claimed before start");
    const config = writeConfig(
      {
        mcpServers: {
          claimant: claimant(SHEET_URI, claimedFile),
          campaign: { builtin: "campaign", options: { dbPath: ":memory:" } },
        },
      },
      folder,
    );
    const result = await runGateway(["--config", config, "--check"]);
    expect(result.code).toBe(2);
    const line = result.stderr.split("\n").find((candidate) => candidate.includes(SHEET_URI));
    expect(line).toContain('"claimant"');
    expect(line).toContain('"campaign"');
  });
});
