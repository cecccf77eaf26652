import { describe, expect, it, onTestFinished } from "vitest";
import { KeptSessions, type KeptState } from "../../src/kept-sessions.js";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { freshDatabase, openTestStore, STORE_KIND } from "../support/store-under-test.js";

const IDLE_MS = 60_000;
const INITIALIZE = {
  protocolVersion: "2025-06-18",
  capabilities: { roots: {} },
  clientInfo: { name: "table-client", version: "3.1.0" },
};

/** Two stores on one database, as two processes sharing it would hold, and a settable clock. */
async function twoProcesses() {
  const database = await freshDatabase();
  const stores: CampaignStore[] = [
    await openTestStore(database.location),
    await openTestStore(database.location),
  ];
  onTestFinished(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database.remove();
  });
  const clock = { now: new Date("2026-03-01T10:00:00.000Z") };
  const [first, second] = stores.map((store) => new KeptSessions(store, () => clock.now));
  if (!first || !second) throw new Error("no stores");
  return { first, second, clock };
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`MCP sessions kept in the ${STORE_KIND} store (docs/campaign.md §10.5)`, () => {
  it("lets another process resume a session with its subject, initialize and a blank context", async () => {
    const { first, second } = await twoProcesses();
    await first.opened({ id: "s-1", subject: "alice", initialize: INITIALIZE }, IDLE_MS);
    expect(await second.resume("s-1", IDLE_MS)).toEqual({
      id: "s-1",
      subject: "alice",
      initialize: INITIALIZE,
      state: {
        context: { campaign_id: null, session_id: null, participant_id: null },
        subscriptions: [],
        subject: "alice",
      },
    });
    expect(await second.resume("s-2", IDLE_MS)).toBeUndefined();
  });

  it("brings another process's copy up to date when one process saves a new state", async () => {
    const { first, second } = await twoProcesses();
    await first.opened({ id: "s-1", subject: "alice", initialize: INITIALIZE }, IDLE_MS);
    await second.resume("s-1", IDLE_MS);
    const applied: KeptState[] = [];
    second.attach("s-1", { apply: (state) => applied.push(state) });

    const context = { campaign_id: "camp_1", session_id: null, participant_id: null };
    // A store listens for the other processes' changes from the moment it is open: one save
    // is heard.
    await first.save("s-1", { context, subscriptions: ["campaign://camp_1"] });
    await waitFor(() => applied.length > 0, 5000);
    expect(applied.at(-1)).toEqual({
      context,
      subscriptions: ["campaign://camp_1"],
      subject: "alice",
    });
  });

  it("forgets a session idle past the limit, and one the client closed", async () => {
    const { first, second, clock } = await twoProcesses();
    await first.opened({ id: "idle", subject: undefined, initialize: INITIALIZE }, IDLE_MS);
    await first.opened({ id: "closed", subject: undefined, initialize: INITIALIZE }, IDLE_MS);
    clock.now = new Date(clock.now.getTime() + IDLE_MS - 1000);
    expect(await second.resume("closed", IDLE_MS)).toBeDefined();
    await first.closed("closed");
    expect(await second.resume("closed", IDLE_MS)).toBeUndefined();

    clock.now = new Date(clock.now.getTime() + 2000);
    expect(await second.resume("idle", IDLE_MS)).toBeUndefined();
  });
});
