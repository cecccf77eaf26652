/**
 * Writes to a campaign server from several clients at once, kills it with SIGKILL mid-stream,
 * restarts it on the same SQLite file and checks that every acknowledged change is there.
 */
import type { Client } from "@modelcontextprotocol/client";
import {
  callTool,
  connectHttp,
  type HttpProcess,
  startHttpCommand,
} from "@tabletop-mcp/kit/testing";
import { commandPath } from "./servers.js";

const campaignEntry = commandPath("packages/campaign/dist/cli.js");

/** A write the server acknowledged. */
export interface Acknowledged {
  notes: Array<{ seq: number; text: string }>;
  campaigns: string[];
}

/** Starts the campaign server over HTTP on `dbPath`. */
export function startCampaign(dbPath: string): Promise<HttpProcess> {
  return startHttpCommand(campaignEntry, ["--db", dbPath]);
}

async function readAll(
  client: Client,
  uri: string,
  key: string,
): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  do {
    const page: string =
      cursor === null
        ? `${uri}?limit=200`
        : `${uri}?limit=200&cursor=${encodeURIComponent(cursor)}`;
    const read = await client.readResource({ uri: page });
    const first = read.contents[0];
    const body = JSON.parse(first && "text" in first ? String(first.text) : "{}") as Record<
      string,
      unknown
    >;
    items.push(...((body[key] as Array<Record<string, unknown>> | undefined) ?? []));
    cursor = (body.next_cursor as string | null | undefined) ?? null;
  } while (cursor !== null);
  return items;
}

/** Every event of a session, ascending by seq, and every campaign id. */
export async function readState(url: string, sessionId: string) {
  const connection = await connectHttp(url);
  try {
    const events = (
      await readAll(connection.client, `session://${sessionId}/events`, "events")
    ).sort((a, b) => Number(a.seq) - Number(b.seq));
    const campaigns = (await readAll(connection.client, "campaigns://list", "campaigns")).map((c) =>
      String(c.id),
    );
    return { events, campaigns };
  } finally {
    await connection.close();
  }
}

/** Creates the campaign and the active session the writers append to. */
export async function prepareSession(url: string): Promise<string> {
  const connection = await connectHttp(url);
  try {
    const campaign = await callTool(connection.client, "campaign_create", {
      name: "Crash",
      gm_mode: "HUMAN",
    });
    const campaignId = String((campaign.structuredContent as { id: string }).id);
    const session = await callTool(connection.client, "session_start", {
      campaign_id: campaignId,
      name: "Under fire",
    });
    return String((session.structuredContent as { id: string }).id);
  } finally {
    await connection.close();
  }
}

/**
 * Runs `writers` clients that each alternate notes and campaign creations until the server
 * dies; SIGKILLs it once `killAfterAcks` writes have been acknowledged in this round.
 */
export async function writeUntilKilled(
  server: HttpProcess,
  sessionId: string,
  options: { writers: number; killAfterAcks: number; round: number },
): Promise<Acknowledged> {
  const acknowledged: Acknowledged = { notes: [], campaigns: [] };
  let acks = 0;
  let killed = false;
  const exited = new Promise<void>((resolve) => server.child.once("exit", () => resolve()));
  const connections = await Promise.all(
    Array.from({ length: options.writers }, () => connectHttp(server.url)),
  );
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill("SIGKILL");
    // Calls in flight have no answer coming; closing the clients ends them.
    void exited.then(() => Promise.all(connections.map((c) => c.close().catch(() => {}))));
  };
  const writer = async (client: Client, writerIndex: number) => {
    for (let i = 0; !killed; i++) {
      const tag = `r${options.round}-w${writerIndex}-${i}`;
      try {
        if (i % 2 === 0) {
          const result = await callTool(client, "session_note_add", {
            session_id: sessionId,
            text: tag,
          });
          if (result.isError)
            throw new Error(`note refused: ${JSON.stringify(result.structuredContent)}`);
          acknowledged.notes.push({
            seq: (result.structuredContent as { seq: number }).seq,
            text: tag,
          });
        } else {
          const result = await callTool(client, "campaign_create", { name: tag, gm_mode: "AI" });
          if (result.isError)
            throw new Error(`campaign refused: ${JSON.stringify(result.structuredContent)}`);
          acknowledged.campaigns.push((result.structuredContent as { id: string }).id);
        }
        if (++acks >= options.killAfterAcks) kill();
      } catch (error) {
        if (!killed) throw error;
        return;
      }
    }
  };
  await Promise.all(connections.map(({ client }, index) => writer(client, index)));
  await exited;
  return acknowledged;
}
