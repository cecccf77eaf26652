// docs/campaign.md §6-§7, §2.9-§2.11: who hears of a change in a fight. The GM hears of every
// change to the fight, its countdowns and the stat blocks; a player only of what a player may
// read (a defeat, a condition, a countdown marked visible); a stranger of nothing.
import { ResourceHub } from "@tabletop-mcp/kit";
import { afterEach, describe, expect, it } from "vitest";
import type { CampaignStore } from "../../src/storage/campaign-store.js";
import { callOk } from "../e2e/harness.js";
import { connectAs, type UserClient } from "../support/callers.js";
import { freshStore, STORE_KIND } from "../support/store-under-test.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const BRUTE = {
  name: "Peat Brute",
  tier: 1,
  type: "BRUISER",
  difficulty: 12,
  thresholds: { major: 6, severe: 11 },
  hp_max: 3,
  stress_max: 2,
  attack: { modifier: 1, range: "MELEE", damage: "1d8", damage_type: "PHYSICAL" },
};

/** A GM's campaign with a seated player, an active session and a fight with one Brute. */
async function fightWithAudience() {
  // Closed when the test finishes.
  const store: CampaignStore = await freshStore();
  const hub = new ResourceHub();
  const users: UserClient[] = [];
  for (const subject of ["gm-sub", "player-sub", "stranger-sub"]) {
    users.push(await connectAs({ store, hub }, { subject }));
  }
  cleanups.push(async () => {
    for (const user of users) await user.client.close();
  });
  const [gm, player, stranger] = users as [UserClient, UserClient, UserClient];

  const campaign = (await callOk(gm.client, "campaign_create", { name: "Peat", gm_mode: "AI" }))
    .id as string;
  await callOk(gm.client, "participant_create", {
    campaign_id: campaign,
    display_name: "Pat",
    role: "PLAYER",
    user: "player-sub",
  });
  await callOk(player.client, "character_create", {
    campaign_id: campaign,
    name: "Ash",
    kind: "PC",
  });
  const session = (await callOk(gm.client, "session_start", { campaign_id: campaign }))
    .id as string;
  const block = await callOk(gm.client, "adversary_define", { campaign_id: campaign, ...BRUTE });
  const encounter = (
    await callOk(gm.client, "encounter_start", { campaign_id: campaign, name: "Bog" })
  ).id as string;
  const added = await callOk(gm.client, "encounter_add", {
    encounter_id: encounter,
    adversary_id: block.id,
  });
  const brute = (added.instances as { id: string }[])[0]?.id as string;
  return { gm, player, stranger, campaign, session, encounter, brute };
}

describe(`who hears of a change in a fight on ${STORE_KIND}`, () => {
  it("the GM of every change, a player of what players see, a stranger of nothing", async () => {
    const { gm, player, stranger, campaign, session, encounter, brute } = await fightWithAudience();
    const uris = {
      encounter: `encounter://${encounter}`,
      countdowns: `campaign://${campaign}/countdowns`,
      adversaries: `campaign://${campaign}/adversaries`,
      events: `session://${session}/events`,
    };
    for (const user of [gm, player, stranger]) {
      for (const uri of Object.values(uris)) await user.client.subscribeResource({ uri });
    }
    const step = async (name: string, args: Record<string, unknown>) => {
      await callOk(gm.client, name, args);
    };

    // GM-only: a stat block changed, HP marked short of a defeat, Stress, a hidden countdown.
    await step("adversary_update", {
      campaign_id: campaign,
      adversary_id: (await firstBlock(gm, campaign)).id,
      tier: 2,
    });
    await step("damage_apply", { target: brute, amount: 3, type: "PHYSICAL" });
    await step("adversary_stress", { instance: brute, delta: 1 });
    const hidden = await callOk(gm.client, "countdown_create", {
      campaign_id: campaign,
      encounter_id: encounter,
      name: "The bog rises",
      start: 3,
      kind: "STANDARD",
    });
    await step("countdown_tick", { countdown_id: hidden.id });
    // Everyone's: a visible countdown, a condition, a defeat.
    await step("countdown_create", {
      campaign_id: campaign,
      name: "The lantern gutters",
      start: 2,
      kind: "STANDARD",
      visible_to_players: true,
    });
    await step("condition_set", { target: brute, condition: "RESTRAINED", on: true });
    await step("damage_apply", { target: brute, amount: 12, type: "PHYSICAL" });
    // The last change, the defeat, is the sixth a player hears of.
    await waitFor(() => player.updates.length >= 6);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const gmOnly = [
      uris.adversaries,
      uris.events,
      uris.encounter,
      uris.events,
      uris.encounter,
      uris.events,
      uris.countdowns,
      uris.encounter,
      uris.events,
      uris.countdowns,
      uris.encounter,
      uris.events,
    ];
    const everyone = [
      uris.countdowns,
      uris.events,
      uris.encounter,
      uris.events,
      uris.encounter,
      uris.events,
    ];
    expect(gm.updates).toEqual([...gmOnly, ...everyone]);
    expect(player.updates).toEqual(everyone);
    expect(stranger.updates).toEqual([]);
  });
});

async function firstBlock(gm: UserClient, campaign: string): Promise<{ id: string }> {
  const listed = await callOk(gm.client, "adversary_list", { campaign_id: campaign });
  return (listed.adversaries as { id: string }[])[0] as { id: string };
}
