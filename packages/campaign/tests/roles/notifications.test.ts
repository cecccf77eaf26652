import { ResourceHub } from "@tabletop-mcp/kit";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { callOk } from "../e2e/harness.js";
import { connectAs, type UserClient } from "../support/callers.js";
import { runSql } from "../support/sql.mjs";
import {
  freshDatabase,
  openTestStore,
  STORE_KIND,
  type TestDatabase,
} from "../support/store-under-test.js";

/**
 * Publishes a change the way a server of an earlier version did, from another process: its
 * URIs without an audience.
 */
async function publishWithoutAudience(location: string, uris: readonly string[]): Promise<void> {
  const notice = JSON.stringify({ origin: "an-older-server", uris });
  if (STORE_KIND === "postgres") {
    await runSql(location, "SELECT pg_notify('tabletop_campaign', $1)", [notice]);
    return;
  }
  const other = new Database(location);
  other
    .prepare("INSERT INTO resource_changes (origin, uris_json, changed_at) VALUES (?, ?, ?)")
    .run("an-older-server", JSON.stringify(uris), Date.now());
  other.close();
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database and `count` stores on it: one per process in the real world. */
async function storesOnOneDatabase(
  count: number,
): Promise<{ stores: CampaignStore[]; database: TestDatabase }> {
  const database = await freshDatabase();
  const stores: CampaignStore[] = [];
  for (let index = 0; index < count; index++) stores.push(await openTestStore(database.location));
  cleanups.push(async () => {
    for (const store of stores) await store.close();
    await database.remove();
  });
  return { stores, database };
}

async function connect(
  store: CampaignStore,
  hub: ResourceHub,
  subject: string,
): Promise<UserClient> {
  const user = await connectAs({ store, hub }, { subject });
  cleanups.push(() => user.client.close());
  return user;
}

/** A campaign of `gm` with a seat for `player` and an active session. */
async function campaignWithPlayer(gm: UserClient, player: UserClient) {
  const campaign = (await callOk(gm.client, "campaign_create", { name: "Heard", gm_mode: "AI" }))
    .id as string;
  const seat = await callOk(gm.client, "participant_create", {
    campaign_id: campaign,
    display_name: "Pat",
    role: "PLAYER",
    user: player.subject,
  });
  const session = (await callOk(gm.client, "session_start", { campaign_id: campaign }))
    .id as string;
  return {
    campaign,
    session,
    playerSeat: seat.id as string,
    eventsUri: `session://${session}/events`,
  };
}

async function subscribeAll(users: readonly UserClient[], uris: readonly string[]) {
  for (const user of users) {
    for (const uri of uris) await user.client.subscribeResource({ uri });
  }
}

/**
 * Waits until the other process has relayed every change made so far: changes reach it in
 * commit order, so once a last one arrived, the earlier ones have too.
 */
async function caughtUp(writer: UserClient, listener: UserClient, campaign: string) {
  const uri = `campaign://${campaign}/characters`;
  await listener.client.subscribeResource({ uri });
  await callOk(writer.client, "character_create", {
    campaign_id: campaign,
    name: "Mark",
    kind: "NPC",
  });
  await waitFor(() => listener.updates.includes(uri));
  await listener.client.unsubscribeResource({ uri });
  listener.updates.length = 0;
}

function heard(user: UserClient, uri: string): number {
  return user.updates.filter((each) => each === uri).length;
}

describe(`who hears of a change on ${STORE_KIND}`, () => {
  it("in one process: a player never of a GM-only note, a stranger of nothing", async () => {
    const { stores } = await storesOnOneDatabase(1);
    const store = stores[0] as CampaignStore;
    const hub = new ResourceHub();
    const gm = await connect(store, hub, "gm-sub");
    const player = await connect(store, hub, "player-sub");
    const stranger = await connect(store, hub, "stranger-sub");
    const { campaign, session, eventsUri } = await campaignWithPlayer(gm, player);
    const campaignUri = `campaign://${campaign}`;
    await subscribeAll([gm, player, stranger], [eventsUri, campaignUri, "campaigns://list"]);

    await callOk(gm.client, "session_note_add", {
      session_id: session,
      text: "secret",
      gm_only: true,
    });
    await callOk(gm.client, "session_note_add", { session_id: session, text: "open" });
    await callOk(gm.client, "gm_fear_adjust", { campaign_id: campaign, delta: 1 });
    // The stranger's own campaign: the one change they may hear of, and the last one made.
    await callOk(stranger.client, "campaign_create", { name: "Mine", gm_mode: "AI" });
    await waitFor(() => heard(stranger, "campaigns://list") === 1);
    await waitFor(() => heard(player, campaignUri) === 1 && heard(gm, campaignUri) === 1);

    expect(gm.updates).toEqual([eventsUri, eventsUri, "campaigns://list", campaignUri, eventsUri]);
    expect(player.updates).toEqual([eventsUri, "campaigns://list", campaignUri, eventsUri]);
    expect(stranger.updates).toEqual(["campaigns://list"]);
  });

  it("of an edit: the campaign's GM and players, never a stranger", async () => {
    const { stores } = await storesOnOneDatabase(1);
    const store = stores[0] as CampaignStore;
    const hub = new ResourceHub();
    const gm = await connect(store, hub, "gm-sub");
    const player = await connect(store, hub, "player-sub");
    const stranger = await connect(store, hub, "stranger-sub");
    const { campaign, playerSeat, eventsUri } = await campaignWithPlayer(gm, player);
    const character = await callOk(gm.client, "character_create", {
      campaign_id: campaign,
      name: "Vex",
      kind: "NPC",
    });
    const campaignUri = `campaign://${campaign}`;
    const lists = [`${campaignUri}/participants`, `${campaignUri}/characters`];
    await subscribeAll(
      [gm, player, stranger],
      [eventsUri, campaignUri, ...lists, "campaigns://list"],
    );

    await callOk(gm.client, "campaign_update", { campaign_id: campaign, name: "Renamed" });
    await callOk(player.client, "participant_update", {
      campaign_id: campaign,
      participant_id: playerSeat,
      display_name: "Patricia",
    });
    await callOk(gm.client, "character_update", {
      campaign_id: campaign,
      character_id: character.id,
      notes: "Sells maps",
    });
    await callOk(stranger.client, "campaign_create", { name: "Mine", gm_mode: "AI" });
    await waitFor(() => heard(stranger, "campaigns://list") === 1);
    await waitFor(() => gm.updates.length === 7 && player.updates.length === 7);

    const expected = [
      "campaigns://list",
      campaignUri,
      eventsUri,
      lists[0],
      eventsUri,
      lists[1],
      eventsUri,
    ];
    expect(gm.updates).toEqual(expected);
    expect(player.updates).toEqual(expected);
    expect(stranger.updates).toEqual(["campaigns://list"]);
  });

  it("across processes sharing the database: the same, through the same filter", async () => {
    const { stores } = await storesOnOneDatabase(2);
    const [here, there] = stores as [CampaignStore, CampaignStore];
    const hubHere = new ResourceHub();
    const hubThere = new ResourceHub();
    const gm = await connect(here, hubHere, "gm-sub");
    const strangerHere = await connect(here, hubHere, "stranger-sub");
    const gmThere = await connect(there, hubThere, "gm-sub");
    const player = await connect(there, hubThere, "player-sub");
    const stranger = await connect(there, hubThere, "stranger-sub");
    const { campaign, session, eventsUri } = await campaignWithPlayer(gm, player);
    await caughtUp(gm, gmThere, campaign);
    await subscribeAll([gmThere, player, stranger], [eventsUri, "campaigns://list"]);

    await callOk(gm.client, "session_note_add", {
      session_id: session,
      text: "secret",
      gm_only: true,
    });
    await callOk(gm.client, "session_note_add", { session_id: session, text: "open" });
    await callOk(strangerHere.client, "campaign_create", { name: "Mine", gm_mode: "AI" });
    await waitFor(() => heard(stranger, "campaigns://list") === 1);
    await waitFor(() => heard(gmThere, eventsUri) === 2 && heard(player, eventsUri) === 1);

    expect(gmThere.updates).toEqual([eventsUri, eventsUri]);
    expect(player.updates).toEqual([eventsUri]);
    expect(stranger.updates).toEqual(["campaigns://list"]);
  });

  it("judges a change without an audience by its URIs: the campaign's members hear it", async () => {
    const { stores, database } = await storesOnOneDatabase(1);
    const store = stores[0] as CampaignStore;
    const hub = new ResourceHub();
    const gm = await connect(store, hub, "gm-sub");
    const player = await connect(store, hub, "player-sub");
    const stranger = await connect(store, hub, "stranger-sub");
    const { campaign, eventsUri } = await campaignWithPlayer(gm, player);
    const charactersUri = `campaign://${campaign}/characters`;
    const uris = [charactersUri, eventsUri, "campaigns://list"];
    await subscribeAll([gm, player, stranger], uris);

    await publishWithoutAudience(database.location, uris);
    await waitFor(() => gm.updates.length === 3 && player.updates.length === 3);
    await waitFor(() => stranger.updates.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(gm.updates).toEqual(uris);
    expect(player.updates).toEqual(uris);
    // The campaigns list is each reader's own: who may read it cannot be told from the URI.
    expect(stranger.updates).toEqual(["campaigns://list"]);
  });
});
