import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { CLI_ENTRY, type HttpChild, readJson, spawnHttp, structured } from "../harness.js";

/** An event as the log resource shows it. */
export interface LoggedEvent {
  seq: number;
  type: string;
  character_id?: string;
  payload_json: string;
}

/** One value change an event records. */
interface RecordedChange {
  field: string;
  character_id?: string;
  before: number;
  after: number;
}

/**
 * Starts a campaign server replica over HTTP on a database.
 *
 * @param location - the database URL
 * @param args - more flags
 * @returns the running replica
 */
export function startReplica(location: string, args: string[] = []): Promise<HttpChild> {
  return spawnHttp(CLI_ENTRY, ["--db", location, ...args]);
}

/** SIGKILL, then wait for the process to be gone. */
export function killReplica(replica: HttpChild): Promise<void> {
  return new Promise((resolve) => {
    if (replica.child.exitCode !== null || replica.child.signalCode !== null) return resolve();
    replica.child.once("exit", () => resolve());
    replica.child.kill("SIGKILL");
  });
}

/**
 * Every event of a session, oldest first, read page by page.
 *
 * @param client - a client of any replica
 * @param sessionId - the session
 * @returns the whole log
 */
export async function readWholeLog(client: Client, sessionId: string): Promise<LoggedEvent[]> {
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

/** The log's seqs run 1, 2, 3… with no gap and no repeat. */
export function expectGaplessSeqs(events: readonly LoggedEvent[]): void {
  expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
}

/** Every opening event is directly followed by its closing one, and the other way round. */
export function expectWholeCalls(events: readonly LoggedEvent[]): void {
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
}

function changesOf(event: LoggedEvent): RecordedChange[] {
  const payload = JSON.parse(event.payload_json) as Record<string, unknown>;
  if (event.type === "OUTCOME_APPLIED") return payload.applied_changes as RecordedChange[];
  if (event.type === "GM_FEAR_CHANGED") {
    return [{ field: "gm_fear", before: Number(payload.before), after: Number(payload.after) }];
  }
  return [];
}

/**
 * Follows every recorded change of a value through the log: each change must start where the
 * previous one ended, which a lost update (two writers starting from the same value) breaks.
 *
 * @param events - the whole log
 * @param initial - each value's starting point, keyed `field` or `field:character_id`
 * @returns each value's last recorded value
 */
export function expectChainedChanges(
  events: readonly LoggedEvent[],
  initial: Readonly<Record<string, number>>,
): Record<string, number> {
  const current: Record<string, number> = { ...initial };
  for (const event of events) {
    for (const change of changesOf(event)) {
      const key = change.character_id ? `${change.field}:${change.character_id}` : change.field;
      expect({ seq: event.seq, key, before: change.before }).toEqual({
        seq: event.seq,
        key,
        before: current[key],
      });
      current[key] = change.after;
    }
  }
  return current;
}

/** What the clients of a concurrent run were told succeeded. */
export interface AcknowledgedWrites {
  /** seq → the text of each note acknowledged. */
  notes: ReadonlyMap<number, string>;
  /** The roll_seq of each roll acknowledged. */
  rolls: ReadonlySet<number>;
  /** roll_seq → how many apply calls succeeded. */
  applications: ReadonlyMap<number, number>;
  /** The two answers of each roll applied twice at once, both answered. */
  contested: readonly (readonly CallToolResult[])[];
}

/**
 * Every acknowledged write is in the log: each note with its text, each roll resolved; no
 * outcome is applied twice, each acknowledged application is logged, and of two simultaneous
 * applications exactly one was refused as already applied.
 */
export function expectAcknowledgedKept(
  events: readonly LoggedEvent[],
  acknowledged: AcknowledgedWrites,
): void {
  const bySeq = new Map(events.map((event) => [event.seq, event]));
  for (const [seq, text] of acknowledged.notes) {
    expect(JSON.parse(bySeq.get(seq)?.payload_json ?? "{}")).toEqual({ text });
  }
  for (const rollSeq of acknowledged.rolls) {
    expect(bySeq.get(rollSeq)?.type).toBe("ACTION_ROLL_RESOLVED");
  }
  const appliedRolls = events
    .filter((event) => event.type === "OUTCOME_APPLIED")
    .map((event) => (JSON.parse(event.payload_json) as { roll_seq: number }).roll_seq);
  expect(new Set(appliedRolls).size).toBe(appliedRolls.length);
  for (const [rollSeq, successes] of acknowledged.applications) {
    expect({ rollSeq, successes }).toEqual({ rollSeq, successes: 1 });
    expect(appliedRolls).toContain(rollSeq);
  }
  for (const results of acknowledged.contested) {
    const errors = results.filter((result) => result.isError).map(structured);
    expect(errors).toEqual([
      { error: { code: "FAILED_PRECONDITION", message: "outcome already applied" } },
    ]);
  }
}
