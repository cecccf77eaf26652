// docs/campaign.md §2.10, §4.25-§4.27: fights over HTTP, through the SDK client in both
// protocol eras, on the store under test. The GM starts one, puts stat blocks in it and ends it;
// the answer says the battle points after every change. A player reads the fight without stat
// blocks, HP or Stress; a stranger not at all. The battle points expected here are worked out
// from docs/campaign.md §2.10's rule by hand. The stat blocks are invented.
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_KIND } from "../support/store-under-test.js";
import { createCampaign, type GameTable, openGameTable, seatPlayer } from "./game-table.js";
import { callError, callOk, readJson } from "./harness.js";

const SUBJECTS = ["gm-sub", "player-sub", "stranger-sub"] as const;
type Subject = (typeof SUBJECTS)[number];

const ATTACK = { modifier: 2, range: "MELEE", damage: "1d8+2", damage_type: "PHYSICAL" };
const LEADER = {
  name: "Marsh Captain",
  tier: 1,
  type: "LEADER",
  difficulty: 14,
  thresholds: { major: 7, severe: 14 },
  hp_max: 6,
  stress_max: 3,
  attack: ATTACK,
};
const BRUISER = { ...LEADER, name: "Bog Hulk", type: "BRUISER", hp_max: 8 };
const MINION = {
  name: "Reed Wisp",
  tier: 1,
  type: "MINION",
  difficulty: 10,
  hp_max: 1,
  stress_max: 1,
  attack: { ...ATTACK, damage: "3" },
  minion_overflow: 5,
};

interface Fight {
  id: string;
  state: string;
  battle_points: { budget: number; spent: number; left: number; over: boolean };
  instances: {
    id: string;
    name: string;
    hp_marked: number;
    hp_max: number;
    type?: string;
    thresholds?: { major: number; severe: number } | null;
  }[];
}

describe.each(["modern", "legacy"] as const)(
  `encounters over HTTP on ${STORE_KIND}, %s era`,
  (era) => {
    let table: GameTable<Subject>;
    let gm: Client;
    let player: Client;
    let campaignId: string;
    let sessionId: string;
    const blocks: Record<string, string> = {};

    beforeAll(async () => {
      table = await openGameTable(era, SUBJECTS);
      gm = await table.connect("gm-sub");
      player = await table.connect("player-sub");
      campaignId = await createCampaign(gm, "Fenmarch");
      await seatPlayer(gm, campaignId, "player-sub", "Pat");
      for (const name of ["Ash", "Briar"]) {
        await callOk(gm, "character_create", { campaign_id: campaignId, name, kind: "PC" });
      }
      await callOk(gm, "character_create", {
        campaign_id: campaignId,
        name: "Ferryman",
        kind: "NPC",
      });
      for (const block of [LEADER, BRUISER, MINION]) {
        const kept = await callOk(gm, "adversary_define", { campaign_id: campaignId, ...block });
        blocks[block.name] = kept.id as string;
      }
      const session = await callOk(gm, "session_start", { campaign_id: campaignId, name: "One" });
      sessionId = session.id as string;
    });

    afterAll(async () => {
      await table?.close();
    });

    const add = async (encounterId: string, name: string, count?: number) =>
      (await callOk(gm, "encounter_add", {
        encounter_id: encounterId,
        adversary_id: blocks[name],
        ...(count === undefined ? {} : { count }),
      })) as unknown as Fight;

    it("counts the battle points after every change, and numbers adversaries without reuse", async () => {
      const fight = (await callOk(gm, "encounter_start", {
        campaign_id: campaignId,
        name: "Ambush at the ford",
        difficulty: "HARDER",
        adjustments: ["BOOSTED_DAMAGE", "BOOSTED_DAMAGE"],
      })) as unknown as Fight & { party: string[]; session_id: string };
      // Two PCs (the NPC is no party member): 3 × 2 + 2 = 8; HARDER +2; BOOSTED_DAMAGE -2 once.
      expect(fight.battle_points).toEqual({ budget: 8, spent: 0, left: 8, over: false });
      expect(fight.party).toHaveLength(2);
      expect(fight.session_id).toBe(sessionId);
      expect(fight.state).toBe("ACTIVE");

      // A Leader costs 3.
      expect((await add(fight.id, "Marsh Captain")).battle_points.spent).toBe(3);
      // Three Minions of one stat block, party of two: two groups, 2 points.
      const wisps = await add(fight.id, "Reed Wisp", 3);
      expect(wisps.battle_points).toEqual({ budget: 8, spent: 5, left: 3, over: false });
      expect(wisps.instances.map((instance) => instance.name)).toEqual([
        "Marsh Captain 1",
        "Reed Wisp 1",
        "Reed Wisp 2",
        "Reed Wisp 3",
      ]);
      // A Bruiser costs 4: over the budget, allowed and said.
      const hulk = await add(fight.id, "Bog Hulk");
      expect(hulk.battle_points).toEqual({ budget: 8, spent: 9, left: -1, over: true });
      const hulkId = hulk.instances.at(-1)?.id;
      expect(hulk.instances.at(-1)).toMatchObject({ name: "Bog Hulk 1", hp_marked: 0, hp_max: 8 });

      const without = (await callOk(gm, "encounter_remove", {
        encounter_id: fight.id,
        instance: hulkId,
      })) as unknown as Fight;
      expect(without.battle_points.spent).toBe(5);
      const second = wisps.instances[2]?.id;
      await callOk(gm, "encounter_remove", { encounter_id: fight.id, instance: second });
      // Numbers are never reused: the next wisp is the fourth; two groups still, 5 points.
      const again = await add(fight.id, "Reed Wisp");
      expect(again.instances.map((instance) => instance.name)).toEqual([
        "Marsh Captain 1",
        "Reed Wisp 1",
        "Reed Wisp 3",
        "Reed Wisp 4",
      ]);
      expect(again.battle_points.spent).toBe(5);
      const gone = await callError(gm, "encounter_remove", {
        encounter_id: fight.id,
        instance: hulkId,
      });
      expect(gone).toMatchObject({ code: "NOT_FOUND", message: "instance not found" });

      const twice = await callError(gm, "encounter_start", {
        campaign_id: campaignId,
        name: "Two",
      });
      expect(twice.code).toBe("FAILED_PRECONDITION");
      expect(String(twice.message)).toContain(fight.id);
    });

    it("shows a player the fight without stat blocks, HP or Stress, and a stranger nothing", async () => {
      // The player finds the fight as anyone at the table does: in the session's log.
      const log = await readJson(player, `session://${sessionId}/events`);
      const started = (log.events as { type: string; payload_json: string }[]).find(
        (event) => event.type === "ENCOUNTER_STARTED",
      );
      const encounterId = JSON.parse(started?.payload_json ?? "{}").encounter_id as string;
      const seen = await readJson(player, `encounter://${encounterId}`);
      const encounter = seen.encounter as Record<string, unknown>;
      expect(Object.keys(encounter).sort()).toEqual(
        [
          "countdowns",
          "ended_at",
          "id",
          "instances",
          "name",
          "outcome",
          "party",
          "session_id",
          "started_at",
          "state",
        ].sort(),
      );
      for (const instance of encounter.instances as Record<string, unknown>[]) {
        expect(Object.keys(instance).sort()).toEqual(["conditions", "defeated", "id", "name"]);
      }
      const gmSeen = (await readJson(gm, `encounter://${encounterId}`)).encounter as Fight;
      expect(gmSeen.battle_points.spent).toBe(5);
      // The GM's reading carries each stat block's type and thresholds; the tools' do not.
      const statBlocks = [LEADER, BRUISER, MINION];
      expect(gmSeen.instances.length).toBeGreaterThan(0);
      for (const instance of gmSeen.instances) {
        const block = statBlocks.find((each) => instance.name.startsWith(`${each.name} `));
        expect(instance, instance.name).toMatchObject({
          type: block?.type,
          thresholds: block && "thresholds" in block ? block.thresholds : null,
        });
      }
      for (const [tool, args] of [
        ["encounter_add", { encounter_id: encounterId, adversary_id: blocks["Bog Hulk"] }],
        ["encounter_end", { encounter_id: encounterId }],
        ["encounter_start", { campaign_id: campaignId, name: "Mine" }],
      ] as const) {
        const error = await callError(player, tool, args);
        expect(error.code, tool).toBe("PERMISSION_DENIED");
      }
      const stranger = await table.connect("stranger-sub");
      await expect(stranger.readResource({ uri: `encounter://${encounterId}` })).rejects.toThrow(
        /encounter not found/,
      );
      const strange = await callError(stranger, "encounter_end", { encounter_id: encounterId });
      expect(strange).toMatchObject({ code: "NOT_FOUND", message: "encounter not found" });
    });

    it("ends a fight with its outcome, and the end of the session ends the next one", async () => {
      const log = await readJson(gm, `session://${sessionId}/events`);
      const started = (log.events as { type: string; payload_json: string }[]).find(
        (event) => event.type === "ENCOUNTER_STARTED",
      );
      const encounterId = JSON.parse(started?.payload_json ?? "{}").encounter_id as string;
      const ended = await callOk(gm, "encounter_end", {
        encounter_id: encounterId,
        outcome: "The wisps fled at dawn",
      });
      expect(ended).toMatchObject({ state: "ENDED", outcome: "The wisps fled at dawn" });
      const after = await readJson(player, `session://${sessionId}/events?limit=1`);
      const [last] = after.events as { type: string; payload_json: string }[];
      expect(last?.type).toBe("ENCOUNTER_ENDED");
      expect(JSON.parse(last?.payload_json ?? "{}")).toEqual({
        encounter_id: encounterId,
        name: "Ambush at the ford",
        outcome: "The wisps fled at dawn",
        defeated: [],
        standing: ["Marsh Captain 1", "Reed Wisp 1", "Reed Wisp 3", "Reed Wisp 4"],
      });
      const late = await callError(gm, "encounter_add", {
        encounter_id: encounterId,
        adversary_id: blocks["Reed Wisp"],
      });
      expect(late).toMatchObject({ code: "FAILED_PRECONDITION", message: "encounter has ended" });

      const next = (await callOk(gm, "encounter_start", {
        campaign_id: campaignId,
        name: "Night watch",
      })) as unknown as Fight;
      await callOk(gm, "session_end", { campaign_id: campaignId, session_id: sessionId });
      const closing = await readJson(gm, `session://${sessionId}/events?limit=2`);
      expect((closing.events as { type: string }[]).map((event) => event.type)).toEqual([
        "SESSION_ENDED",
        "ENCOUNTER_ENDED",
      ]);
      const record = (await readJson(gm, `encounter://${next.id}`)).encounter as Record<
        string,
        unknown
      >;
      expect(record).toMatchObject({ state: "ENDED", outcome: "the session ended" });
    });

    it("takes only the campaign's characters for a party, and refuses an empty one", async () => {
      const other = await callOk(gm, "campaign_create", { name: "Elsewhere", gm_mode: "HUMAN" });
      const stray = await callOk(gm, "character_create", {
        campaign_id: other.id,
        name: "Stray",
        kind: "PC",
      });
      await callOk(gm, "session_start", { campaign_id: campaignId, name: "Two" });
      const foreign = await callError(gm, "encounter_start", {
        campaign_id: campaignId,
        name: "Mixed",
        party: [stray.id],
      });
      expect(foreign).toMatchObject({ code: "NOT_FOUND", message: "character not found" });
      const empty = await callOk(gm, "campaign_create", { name: "Empty", gm_mode: "HUMAN" });
      await callOk(gm, "session_start", { campaign_id: empty.id, name: "Alone" });
      const nobody = await callError(gm, "encounter_start", {
        campaign_id: empty.id,
        name: "Void",
      });
      expect(nobody.code).toBe("FAILED_PRECONDITION");
      expect(String(nobody.message)).toMatch(/^the party is empty/);
    });
  },
);
