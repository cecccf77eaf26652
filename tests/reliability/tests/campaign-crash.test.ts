import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import {
  type Acknowledged,
  prepareSession,
  readState,
  startCampaign,
  writeUntilKilled,
} from "./support/campaign-crash.js";

const ROUNDS = 3;

it("loses no acknowledged change when the campaign server is SIGKILLed under concurrent writes", async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), "reliability-crash-")), "campaign.db");
  let server = await startCampaign(dbPath);
  const sessionId = await prepareSession(server.url);
  const all: Acknowledged = { notes: [], campaigns: [] };

  for (let round = 0; round < ROUNDS; round++) {
    const acknowledged = await writeUntilKilled(server, sessionId, {
      writers: 6,
      killAfterAcks: 40 + round * 25,
      round,
    });
    expect(server.child.signalCode).toBe("SIGKILL");
    all.notes.push(...acknowledged.notes);
    all.campaigns.push(...acknowledged.campaigns);
    server = await startCampaign(dbPath);

    const { events, campaigns } = await readState(server.url, sessionId);
    const seqs = events.map((event) => Number(event.seq));
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    for (const note of all.notes) {
      const event = events[note.seq - 1];
      expect(event?.type, `note ${note.text} at seq ${note.seq}`).toBe("NOTE_ADDED");
      expect(JSON.stringify(event)).toContain(note.text);
    }
    const stored = new Set(campaigns);
    expect(all.campaigns.filter((id) => !stored.has(id))).toEqual([]);
  }
  await server.stop();
  expect(all.notes.length + all.campaigns.length).toBeGreaterThanOrEqual(40 + 65 + 90);
});
