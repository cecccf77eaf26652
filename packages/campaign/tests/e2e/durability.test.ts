import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, STORE_KIND, type TestDatabase } from "../support/store-under-test.js";
import { CLI_ENTRY, callOk, connectStdio, readJson } from "./harness.js";

interface LoggedEvent {
  seq: number;
  type: string;
  payload_json: string;
}

interface AppliedChange {
  field: string;
  before: number;
  after: number;
}

const WRITERS = 8;
const KILL_AFTER_ACKNOWLEDGED = 150;

async function readWholeLog(client: Client, sessionId: string): Promise<LoggedEvent[]> {
  const events: LoggedEvent[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? "?limit=200" : `?limit=200&cursor=${cursor}`;
    const page = await readJson(client, `session://${sessionId}/events${query}`);
    events.push(...(page.events as LoggedEvent[]));
    cursor = page.next_cursor as string | null;
  } while (cursor !== null);
  return events.reverse();
}

describe(`a server on ${STORE_KIND} killed with SIGKILL in the middle of a stream of writes`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.remove());

  it("keeps every acknowledged change, nothing half-written, and gapless seqs", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI_ENTRY, "--db", database.location],
      stderr: "pipe",
    });
    const client = new Client({ name: "durability-test", version: "1.0.0" });
    await client.connect(transport);
    const campaign = await callOk(client, "campaign_create", { name: "Durable", gm_mode: "HUMAN" });
    const campaignId = campaign.id as string;
    const character = await callOk(client, "character_create", {
      campaign_id: campaignId,
      name: "Keeper",
      kind: "PC",
    });
    const characterId = character.id as string;
    const session = await callOk(client, "session_start", { campaign_id: campaignId });
    const sessionId = session.id as string;
    await callOk(client, "set_context", { campaign_id: campaignId, session_id: sessionId });

    const acknowledgedNotes = new Map<number, string>();
    const acknowledgedApplications = new Set<number>();
    let acknowledged = 0;
    let killed = false;
    const writer = async (index: number) => {
      for (let step = 0; !killed; step++) {
        try {
          const text = `writer ${index} step ${step}`;
          const note = await callOk(client, "session_note_add", { text });
          acknowledgedNotes.set(note.seq as number, text);
          const roll = await callOk(client, "session_action_roll", {
            character_id: characterId,
            trait: "instinct",
            difficulty: 10,
          });
          await callOk(client, "session_roll_outcome_apply", { roll_seq: roll.roll_seq });
          acknowledgedApplications.add(roll.roll_seq as number);
          acknowledged += 3;
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
    while (acknowledged < KILL_AFTER_ACKNOWLEDGED) await new Promise((r) => setTimeout(r, 1));
    const pid = transport.pid;
    if (pid === null) throw new Error("no child process");
    process.kill(pid, "SIGKILL");
    killed = true;
    await Promise.all(writers);
    await client.close().catch(() => undefined);

    const restarted = await connectStdio(CLI_ENTRY, ["--db", database.location]);
    const events = await readWholeLog(restarted, sessionId);

    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    const notes = new Map(
      events
        .filter((event) => event.type === "NOTE_ADDED")
        .map((event) => [event.seq, (JSON.parse(event.payload_json) as { text: string }).text]),
    );
    for (const [seq, text] of acknowledgedNotes) expect(notes.get(seq)).toBe(text);
    const pairs: [string, string][] = [
      ["ACTION_ROLL_REQUESTED", "ACTION_ROLL_RESOLVED"],
      ["OUTCOME_APPLY_REQUESTED", "OUTCOME_APPLIED"],
    ];
    for (const [index, event] of events.entries()) {
      for (const [opening, closing] of pairs) {
        if (event.type === opening) expect(events[index + 1]?.type).toBe(closing);
        if (event.type === closing) expect(events[index - 1]?.type).toBe(opening);
      }
    }
    const applied = events.filter((event) => event.type === "OUTCOME_APPLIED");
    const appliedRolls = new Set(
      applied.map((event) => (JSON.parse(event.payload_json) as { roll_seq: number }).roll_seq),
    );
    for (const rollSeq of acknowledgedApplications) expect(appliedRolls.has(rollSeq)).toBe(true);
    const changes = applied.flatMap(
      (event) =>
        (JSON.parse(event.payload_json) as { applied_changes: AppliedChange[] }).applied_changes,
    );
    const lastOf = (field: string, initial: number) =>
      changes.filter((change) => change.field === field).at(-1)?.after ?? initial;
    const sheet = await callOk(restarted, "character_sheet_get", {
      campaign_id: campaignId,
      character_id: characterId,
    });
    const stored = await readJson(restarted, `campaign://${campaignId}`);
    expect((sheet.state as { hope: number }).hope).toBe(lastOf("hope", 2));
    expect((stored.campaign as { gm_fear: number }).gm_fear).toBe(lastOf("gm_fear", 0));
    expect(acknowledgedApplications.size).toBeGreaterThan(0);
    await restarted.close();
  });
});
