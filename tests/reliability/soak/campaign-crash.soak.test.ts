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
} from "../tests/support/campaign-crash.js";

const ROUNDS = 20;

it(`loses no acknowledged change over ${ROUNDS} SIGKILLs under 8 concurrent writers`, async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), "reliability-crash-soak-")), "campaign.db");
  let server = await startCampaign(dbPath);
  const sessionId = await prepareSession(server.url);
  const all: Acknowledged = { notes: [], campaigns: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const acknowledged = await writeUntilKilled(server, sessionId, {
      writers: 8,
      killAfterAcks: 20 + ((round * 37) % 150),
      round,
    });
    all.notes.push(...acknowledged.notes);
    all.campaigns.push(...acknowledged.campaigns);
    server = await startCampaign(dbPath);
    const { events, campaigns } = await readState(server.url, sessionId);
    const seqs = events.map((event) => Number(event.seq));
    expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    for (const note of all.notes) {
      expect(events[note.seq - 1]?.type).toBe("NOTE_ADDED");
      expect(JSON.stringify(events[note.seq - 1])).toContain(note.text);
    }
    const stored = new Set(campaigns);
    expect(all.campaigns.filter((id) => !stored.has(id))).toEqual([]);
  }
  await server.stop();
  console.log(
    `campaign crash soak: ${ROUNDS} SIGKILLs, ${all.notes.length} acknowledged notes and ${all.campaigns.length} acknowledged campaigns, none lost`,
  );
});
