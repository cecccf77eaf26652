// A campaign server over HTTP on the store under test, with one SDK client per person at the
// table, each signed in with its own token: what the fight's end-to-end tests share.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { clientOptions } from "@tabletop-mcp/kit/testing";
import { freshDatabase } from "../support/store-under-test.js";
import { writeTokenTable } from "../support/token-table.js";
import { CLI_ENTRY, callOk, spawnHttp } from "./harness.js";

/** The protocol era a client speaks. */
export type Era = "modern" | "legacy";

/** A running server and the people at its table. */
export interface GameTable<Subject extends string> {
  /** The store's `--db` value, e.g. for `dumpDatabase`. */
  readonly location: string;
  /** A new client for `subject`, connected and closed with the table. */
  readonly connect: (subject: Subject) => Promise<Client>;
  /** Closes every client, stops the server and removes its store. */
  readonly close: () => Promise<void>;
}

/**
 * Starts a campaign server over HTTP that admits each of `subjects` with a token of its own.
 *
 * @param era - the era every client speaks
 * @param subjects - who may sign in
 * @param args - more command-line arguments, e.g. `--seed 7`
 * @returns the table
 */
export async function openGameTable<Subject extends string>(
  era: Era,
  subjects: readonly Subject[],
  args: readonly string[] = [],
): Promise<GameTable<Subject>> {
  const database = await freshDatabase();
  const directory = mkdtempSync(join(tmpdir(), "campaign-table-"));
  const table = writeTokenTable(directory, subjects);
  const server = await spawnHttp(CLI_ENTRY, [
    "--db",
    database.location,
    "--auth-tokens",
    table.file,
    ...args,
  ]);
  const clients: Client[] = [];
  const connect = async (subject: Subject) => {
    const client = new Client({ name: `table-${subject}`, version: "1.0.0" }, clientOptions(era));
    const headers = { authorization: `Bearer ${table.tokens.get(subject) ?? ""}` };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }),
    );
    clients.push(client);
    return client;
  };
  const close = async () => {
    await Promise.all(clients.map((client) => client.close()));
    await server.stop();
    await database.remove();
    rmSync(directory, { recursive: true, force: true });
  };
  return { location: database.location, connect, close };
}

/**
 * Creates a campaign run by `gm`'s subject.
 *
 * @returns its id
 */
export async function createCampaign(gm: Client, name: string): Promise<string> {
  return (await callOk(gm, "campaign_create", { name, gm_mode: "HUMAN" })).id as string;
}

/** Seats `subject` as a player of the campaign, under `displayName`, with no character. */
export async function seatPlayer(
  gm: Client,
  campaignId: string,
  subject: string,
  displayName: string,
): Promise<void> {
  await callOk(gm, "participant_create", {
    campaign_id: campaignId,
    display_name: displayName,
    role: "PLAYER",
    user: subject,
  });
}

/**
 * Seats `subject` as a player of the campaign, as `<pcName>'s player`; the player's client then
 * creates its PC, which its seat controls (PC defaults: 6 HP, thresholds and Evasion as
 * docs/campaign.md §2.4 says).
 *
 * @returns the PC's id
 */
export async function seatPlayerWithPc(
  gm: Client,
  player: Client,
  campaignId: string,
  subject: string,
  pcName: string,
): Promise<string> {
  await seatPlayer(gm, campaignId, subject, `${pcName}'s player`);
  const pc = await callOk(player, "character_create", {
    campaign_id: campaignId,
    name: pcName,
    kind: "PC",
  });
  return pc.id as string;
}
