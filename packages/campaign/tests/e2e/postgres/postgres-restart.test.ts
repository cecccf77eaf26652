import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { afterAll, describe, expect, it } from "vitest";
import { type PostgresServer, startPostgresServer } from "../../support/postgres-server.mjs";
import { runSql } from "../../support/sql.mjs";
import { callOk, connectHttp, type HttpChild } from "../harness.js";
import { expectGaplessSeqs, readWholeLog, startReplica } from "./replica-harness.js";

const WRITERS_PER_REPLICA = 2;
const KILL_AT_MS = 1_000;
const DOWN_FOR_MS = 1_000;
/** How long the writers go on once the server is back (however long its restart took). */
const AFTER_RESTART_MS = 2_000;

/** The refusals a write may get while the database is down. */
const OUTAGE_ERRORS = [
  "storage unavailable; retry",
  "storage connection lost while committing; the change may have been saved: read it back before retrying",
];

interface Outcome {
  acknowledged: Map<number, string>;
  refused: { code: string; message: string }[];
  acknowledgedAfterRestart: number;
}

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** When the writers stop: unknown until the server is back. */
interface Deadline {
  at: number | undefined;
}

function running(deadline: Deadline): boolean {
  return deadline.at === undefined || Date.now() < deadline.at;
}

async function writeNotes(
  client: Client,
  sessionId: string,
  name: string,
  deadline: Deadline,
  outcome: Outcome,
): Promise<void> {
  for (let step = 0; running(deadline); step++) {
    const text = `${name} note ${step}`;
    const result = (await client.callTool(
      { name: "session_note_add", arguments: { session_id: sessionId, text } },
      { timeout: 15_000 },
    )) as CallToolResult;
    const body = result.structuredContent as Record<string, unknown>;
    if (result.isError) {
      outcome.refused.push(body.error as { code: string; message: string });
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    outcome.acknowledged.set(body.seq as number, text);
    if (deadline.at !== undefined) outcome.acknowledgedAfterRestart += 1;
  }
}

describe("PostgreSQL killed with SIGKILL and restarted on the same data directory (docs/campaign.md §10.2)", () => {
  let server: PostgresServer;
  const replicas: HttpChild[] = [];
  afterAll(async () => {
    for (const replica of replicas) await replica.stop();
    await server?.remove();
  });

  it("loses no acknowledged write, and the replicas write and notify again after the restart", async () => {
    server = await startPostgresServer();
    await runSql(server.url, "CREATE DATABASE campaign");
    const location = server.url.replace(/\/postgres$/, "/campaign");
    replicas.push(await startReplica(location), await startReplica(location));
    const [first, second] = replicas as [HttpChild, HttpChild];
    const setup = await connectHttp(first.url);
    const campaign = await callOk(setup, "campaign_create", { name: "Crash", gm_mode: "AI" });
    const session = await callOk(setup, "session_start", { campaign_id: campaign.id });
    const sessionId = session.id as string;
    const watcher = await connectHttp(second.url);
    const updates: string[] = [];
    watcher.setNotificationHandler("notifications/resources/updated", (notification) => {
      updates.push(notification.params.uri);
    });
    const eventsUri = `session://${sessionId}/events`;
    await watcher.subscribeResource({ uri: eventsUri });

    const outcome: Outcome = { acknowledged: new Map(), refused: [], acknowledgedAfterRestart: 0 };
    const deadline: Deadline = { at: undefined };
    const writers: Promise<void>[] = [];
    for (const [index, replica] of replicas.entries()) {
      for (let writer = 0; writer < WRITERS_PER_REPLICA; writer++) {
        const client = await connectHttp(replica.url);
        const name = `replica ${index} writer ${writer}`;
        writers.push(writeNotes(client, sessionId, name, deadline, outcome));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
    await server.kill();
    await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS));
    await server.start();
    deadline.at = Date.now() + AFTER_RESTART_MS;
    await Promise.all(writers);

    const events = await readWholeLog(setup, sessionId);
    expectGaplessSeqs(events);
    const bySeq = new Map(events.map((event) => [event.seq, event]));
    for (const [seq, text] of outcome.acknowledged) {
      expect(JSON.parse(bySeq.get(seq)?.payload_json ?? "{}")).toEqual({ text });
    }
    expect(outcome.refused.length).toBeGreaterThan(0);
    for (const refusal of outcome.refused) {
      expect(refusal.code).toBe("FAILED_PRECONDITION");
      expect(OUTAGE_ERRORS).toContain(refusal.message);
    }
    expect(outcome.acknowledgedAfterRestart).toBeGreaterThan(0);

    updates.length = 0;
    await callOk(setup, "session_note_add", { session_id: sessionId, text: "after" });
    await waitFor(() => updates.includes(eventsUri));
    await setup.close();
    await watcher.close();
  });
});
