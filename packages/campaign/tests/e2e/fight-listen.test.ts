// docs/campaign.md §7, §13: a 2026-07-28 client listening to a fight over HTTP hears what its
// caller may read and nothing more, as a 2025 subscription does (tests/roles/fight-notifications).
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_KIND } from "../support/store-under-test.js";
import { createCampaign, type GameTable, openGameTable, seatPlayerWithPc } from "./game-table.js";
import { callOk } from "./harness.js";

const SUBJECTS = ["gm-sub", "player-sub", "stranger-sub"] as const;
type Subject = (typeof SUBJECTS)[number];

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

describe(`a 2026-07-28 listener of a fight on ${STORE_KIND}`, () => {
  let table: GameTable<Subject>;
  let gm: Client;
  let campaignId: string;
  let encounterId: string;
  let brute: string;

  beforeAll(async () => {
    table = await openGameTable("modern", SUBJECTS);
    gm = await table.connect("gm-sub");
    campaignId = await createCampaign(gm, "Peat");
    await seatPlayerWithPc(gm, await table.connect("player-sub"), campaignId, "player-sub", "Ash");
    await callOk(gm, "session_start", { campaign_id: campaignId });
    const block = await callOk(gm, "adversary_define", { campaign_id: campaignId, ...BRUTE });
    encounterId = (await callOk(gm, "encounter_start", { campaign_id: campaignId, name: "Bog" }))
      .id as string;
    const added = await callOk(gm, "encounter_add", {
      encounter_id: encounterId,
      adversary_id: block.id,
    });
    brute = (added.instances as { id: string }[])[0]?.id as string;
  });

  afterAll(async () => {
    await table?.close();
  });

  it("hears a defeat and a condition, never HP, Stress or a hidden countdown", async () => {
    const uris = [`encounter://${encounterId}`, `campaign://${campaignId}/countdowns`];
    const listeners = new Map<Subject, string[]>();
    const streams: { close: () => Promise<void> }[] = [];
    for (const subject of SUBJECTS) {
      const heard: string[] = [];
      const client = await table.connect(subject);
      client.setNotificationHandler("notifications/resources/updated", ({ params }) => {
        heard.push(params.uri);
      });
      streams.push(await client.listen({ resourceSubscriptions: uris }));
      listeners.set(subject, heard);
    }
    const [encounter, countdowns] = uris as [string, string];

    await callOk(gm, "damage_apply", { target: brute, amount: 3, type: "PHYSICAL" });
    await callOk(gm, "adversary_stress", { instance: brute, delta: 1 });
    const hidden = await callOk(gm, "countdown_create", {
      campaign_id: campaignId,
      encounter_id: encounterId,
      name: "The bog rises",
      start: 3,
      kind: "STANDARD",
    });
    await callOk(gm, "countdown_tick", { countdown_id: hidden.id });
    await callOk(gm, "condition_set", { target: brute, condition: "HIDDEN", on: true });
    await callOk(gm, "damage_apply", { target: brute, amount: 12, type: "PHYSICAL" });

    const gmHeard = [encounter, encounter, countdowns, encounter, countdowns, encounter];
    await expect.poll(() => listeners.get("gm-sub")).toEqual([...gmHeard, encounter, encounter]);
    await expect.poll(() => listeners.get("player-sub")).toEqual([encounter, encounter]);
    expect(listeners.get("stranger-sub")).toEqual([]);
    for (const stream of streams) await stream.close();
  });
});
