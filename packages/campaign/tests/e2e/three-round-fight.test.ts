// docs/campaign.md §2.9-§2.11, §4.25-§4.36: a scripted three-round fight, a Leader, a Bruiser,
// a Minion group of the party's size, a DYNAMIC countdown, a hidden one and Fear spent on a
// feature, played by a GM and two players through the SDK client over HTTP, in both protocol
// eras, on the store under test. After every round the server's state must be exactly the
// independent model's (tests/support/fight-model.ts); each player reads only what §2.10 and
// §2.11 allow them, and the recap lists the fight. The dice are the server's; the model checks
// their arithmetic and works out everything that follows from them. The stat blocks are
// invented.
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FightModel, type ModelBlock, type ModelRoll } from "../support/fight-model.js";
import { STORE_KIND } from "../support/store-under-test.js";
import {
  createCampaign,
  type Era,
  type GameTable,
  openGameTable,
  seatPlayerWithPc,
} from "./game-table.js";
import { callError, callOk, readJson } from "./harness.js";

const SUBJECTS = ["gm-sub", "ash-sub", "briar-sub"] as const;
type Subject = (typeof SUBJECTS)[number];

const MARSHAL = {
  name: "Bog Marshal",
  tier: 1,
  type: "LEADER",
  difficulty: 14,
  thresholds: { major: 8, severe: 15 },
  hp_max: 6,
  stress_max: 3,
  attack: { modifier: 3, range: "MELEE", damage: "1d10+2", damage_type: "PHYSICAL" },
  features: [
    {
      name: "Rally the Bog",
      kind: "FEAR",
      text: "Every ally in sight acts at once.",
      fear_cost: 1,
    },
  ],
};
const OGRE = {
  name: "Mire Ogre",
  tier: 1,
  type: "BRUISER",
  difficulty: 13,
  thresholds: { major: 10, severe: 18 },
  hp_max: 7,
  stress_max: 4,
  attack: { modifier: 2, range: "VERY_CLOSE", damage: "2d8+3", damage_type: "PHYSICAL" },
};
const SWARM = {
  name: "Leech Swarm",
  tier: 1,
  type: "MINION",
  difficulty: 9,
  hp_max: 1,
  stress_max: 1,
  attack: { modifier: 0, range: "MELEE", damage: "3", damage_type: "PHYSICAL" },
  minion_overflow: 4,
};
const DYNAMIC = { success: 1, critical: 2, failure_with_hope: 0, failure_with_fear: 2 };
const FEATURE_REASON = "Rally the Bog (Bog Marshal)";

interface SeenInstance {
  id: string;
  name: string;
  [key: string]: unknown;
}

interface SeenCountdown {
  id: string;
  name: string;
  value: number;
  state: string;
  triggered: number;
}

describe.each(["modern", "legacy"] as Era[])(
  `a three-round fight against the model on ${STORE_KIND}, %s era`,
  (era) => {
    let table: GameTable<Subject>;
    let gm: Client;
    const players = new Map<string, Client>();
    let campaignId: string;
    let sessionId: string;
    let encounterId: string;
    let ash: string;
    let briar: string;
    let model: FightModel;
    const ids = new Map<string, string>();
    const dynamicId = () => ids.get("causeway") ?? "";
    const hiddenId = () => ids.get("reinforcements") ?? "";

    const instanceId = (name: string) => ids.get(name) ?? name;
    const playerOf = (character: string) => players.get(character) as Client;

    /** The roller rolls and applies its outcome; the GM ticks the DYNAMIC countdown by it. */
    async function rollAndTick(character: string): Promise<void> {
      const roll = await callOk(playerOf(character), "session_action_roll", {
        campaign_id: campaignId,
        session_id: sessionId,
        character_id: character,
        trait: "agility",
        difficulty: 12,
      });
      await callOk(playerOf(character), "session_roll_outcome_apply", {
        session_id: sessionId,
        roll_seq: roll.roll_seq,
      });
      model.applyOutcome(character, roll as unknown as ModelRoll);
      const args = { countdown_id: dynamicId(), by_roll: roll.roll_seq };
      if (model.countdowns.get(dynamicId())?.state === "TRIGGERED") {
        const late = await callError(gm, "countdown_tick", args);
        expect(late).toMatchObject({ code: "FAILED_PRECONDITION" });
        return;
      }
      const ticked = await callOk(gm, "countdown_tick", args);
      model.tickByRoll(dynamicId(), roll as unknown as ModelRoll);
      expect(ticked).toMatchObject({ value: model.countdowns.get(dynamicId())?.value });
    }

    /** An adversary attacks a character with `apply`; the model checks and applies it. */
    async function attack(attacker: string, target: string, advantage = 0): Promise<void> {
      const answer = await callOk(gm, "adversary_attack", {
        instance: instanceId(attacker),
        target,
        ...(advantage > 0 ? { advantage } : {}),
        apply: true,
      });
      const expected = model.attack(
        attacker,
        target,
        { d20s: answer.d20s as number[], damage_rolls: answer.damage_rolls as number[] },
        advantage,
      );
      expect(answer).toMatchObject(expected);
      expect((answer.d20s as number[]).length).toBe(advantage > 0 ? 2 : 1);
      const marked = expected.damage === null ? 0 : model.damageCharacter(target, expected.damage);
      if (expected.damage === null) expect(answer.applied).toBeUndefined();
      else expect(answer.applied).toMatchObject({ hp_marked_now: marked });
    }

    async function damage(name: string, amount: number): Promise<void> {
      const answer = await callOk(gm, "damage_apply", {
        target: instanceId(name),
        amount,
        type: "PHYSICAL",
      });
      const also = model.damageAdversary(name, amount);
      expect(answer.also_defeated).toEqual(also.map(instanceId));
    }

    /** The server's state, as the GM and each player read it, against the model's. */
    async function expectTheModel(): Promise<void> {
      const seen = (await readJson(gm, `encounter://${encounterId}`)).encounter as {
        battle_points: unknown;
        instances: SeenInstance[];
        countdowns: SeenCountdown[];
      };
      expect(seen.battle_points).toEqual(model.battlePoints());
      expect(seen.instances.map(({ id: _id, adversary_id: _block, ...rest }) => rest)).toEqual(
        model.gmInstances(),
      );
      const counted = seen.countdowns.map(({ name, value, state, triggered }) => ({
        name,
        value,
        state,
        triggered,
      }));
      expect(counted).toEqual(
        [...model.countdowns.values()].map(({ name, value, state, triggered }) => ({
          name,
          value,
          state,
          triggered,
        })),
      );
      const campaign = (await readJson(gm, `campaign://${campaignId}`)).campaign as {
        gm_fear: number;
      };
      expect(campaign.gm_fear).toBe(model.fear);
      for (const [id, character] of model.characters) {
        const sheet = await callOk(gm, "character_sheet_get", {
          campaign_id: campaignId,
          character_id: id,
        });
        expect(sheet.state).toMatchObject({
          hope: character.hope,
          stress: character.stress,
          hp: character.hp,
        });
      }
      for (const player of players.values()) await expectPlayerView(player);
    }

    /** §2.10-§2.11: names, defeated, conditions and visible countdowns; nothing more. */
    async function expectPlayerView(player: Client): Promise<void> {
      const seen = (await readJson(player, `encounter://${encounterId}`)).encounter as Record<
        string,
        unknown
      > & { instances: SeenInstance[]; countdowns: SeenCountdown[] };
      expect(Object.keys(seen).sort()).toEqual([
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
      ]);
      expect(seen.instances.map(({ id: _id, ...rest }) => rest)).toEqual(model.playerInstances());
      const visible = [...model.countdowns.values()].filter((each) => each.visible_to_players);
      expect(seen.countdowns.map((each) => each.name)).toEqual(visible.map((each) => each.name));
      const listed = await readJson(player, `campaign://${campaignId}/countdowns`);
      expect((listed.countdowns as SeenCountdown[]).map((each) => each.name)).toEqual(
        visible.map((each) => each.name),
      );
      const log = await readJson(player, `session://${sessionId}/events?limit=200`);
      const events = log.events as { type: string; gm_only?: boolean; payload_json: string }[];
      expect(events.filter((event) => event.gm_only === true)).toEqual([]);
      const text = JSON.stringify(events);
      for (const secret of ["Reinforcements", "ADVERSARY_STRESS_CHANGED", "thresholds"]) {
        expect(text).not.toContain(secret);
      }
      const damaged = events
        .filter((event) => event.type === "DAMAGE_APPLIED")
        .map((event) => (JSON.parse(event.payload_json) as { target: string }).target);
      expect(damaged.every((target) => target === ash || target === briar)).toBe(true);
    }

    beforeAll(async () => {
      table = await openGameTable(era, SUBJECTS, ["--seed", `three-rounds-${era}`]);
      gm = await table.connect("gm-sub");
      const ashPlayer = await table.connect("ash-sub");
      const briarPlayer = await table.connect("briar-sub");
      campaignId = await createCampaign(gm, "The Drowned Road");
      ash = await seatPlayerWithPc(gm, ashPlayer, campaignId, "ash-sub", "Ash");
      briar = await seatPlayerWithPc(gm, briarPlayer, campaignId, "briar-sub", "Briar");
      players.set(ash, ashPlayer);
      players.set(briar, briarPlayer);
      // PC defaults (docs/campaign.md §2.4, §2.5): Hope 2, 6 HP, Evasion 10, thresholds 8/12.
      const pc = () => ({ hope: 2, stress: 0, hp: 6, major: 8, severe: 12, evasion: 10 });
      model = new FightModel(
        [ash, briar],
        new Map([
          [ash, pc()],
          [briar, pc()],
        ]),
        0,
      );
      sessionId = (await callOk(gm, "session_start", { campaign_id: campaignId, name: "Three" }))
        .id as string;
      await callOk(gm, "gm_fear_adjust", { campaign_id: campaignId, delta: 2 });
      model.fear += 2;
      const blocks = new Map<string, string>();
      for (const block of [MARSHAL, OGRE, SWARM]) {
        const defined = await callOk(gm, "adversary_define", { campaign_id: campaignId, ...block });
        blocks.set(block.name, defined.id as string);
      }
      encounterId = (
        await callOk(gm, "encounter_start", { campaign_id: campaignId, name: "The causeway" })
      ).id as string;
      for (const [block, count] of [
        [MARSHAL, 1],
        [OGRE, 1],
        [SWARM, model.party.length],
      ] as const) {
        const added = await callOk(gm, "encounter_add", {
          encounter_id: encounterId,
          adversary_id: blocks.get(block.name),
          count,
        });
        model.add(block as ModelBlock, count);
        for (const instance of added.instances as SeenInstance[])
          ids.set(instance.name, instance.id);
      }
      const causeway = await callOk(gm, "countdown_create", {
        campaign_id: campaignId,
        encounter_id: encounterId,
        name: "The causeway sinks",
        start: 4,
        kind: "DYNAMIC",
        visible_to_players: true,
        dynamic: DYNAMIC,
      });
      ids.set("causeway", causeway.id as string);
      model.countdowns.set(causeway.id as string, {
        name: "The causeway sinks",
        kind: "DYNAMIC",
        start: 4,
        value: 4,
        state: "ACTIVE",
        visible_to_players: true,
        triggered: 0,
        dynamic: DYNAMIC,
      });
      const hidden = await callOk(gm, "countdown_create", {
        campaign_id: campaignId,
        encounter_id: encounterId,
        name: "Reinforcements",
        start: 3,
        kind: "STANDARD",
      });
      ids.set("reinforcements", hidden.id as string);
      model.countdowns.set(hidden.id as string, {
        name: "Reinforcements",
        kind: "STANDARD",
        start: 3,
        value: 3,
        state: "ACTIVE",
        visible_to_players: false,
        triggered: 0,
      });
    });

    afterAll(async () => {
      await table?.close();
    });

    it("starts with the budget spent exactly: a Leader, a Bruiser, a party-sized Minion group", async () => {
      expect(model.battlePoints()).toEqual({ budget: 8, spent: 8, left: 0, over: false });
      await expectTheModel();
    });

    it("round 1: a roll ticks the causeway, the Marshal is hurt, Fear rallies, it strikes", async () => {
      await rollAndTick(ash);
      await damage("Bog Marshal 1", 9);
      const spent = await callOk(gm, "gm_fear_spend", {
        campaign_id: campaignId,
        amount: MARSHAL.features[0]?.fear_cost,
        reason: FEATURE_REASON,
      });
      model.spendFear(1);
      expect(spent).toEqual({ gm_fear: model.fear, spent: 1, reason: FEATURE_REASON });
      await attack("Bog Marshal 1", ash);
      await callOk(gm, "countdown_tick", { countdown_id: hiddenId() });
      model.tick(hiddenId(), 1);
      await expectTheModel();
    });

    it("round 2: the swarm falls to one blow's overflow, the Ogre strikes with advantage", async () => {
      await rollAndTick(briar);
      await damage("Leech Swarm 1", 5);
      await attack("Mire Ogre 1", briar, 1);
      await callOk(gm, "adversary_stress", { instance: instanceId("Bog Marshal 1"), delta: 2 });
      model.stress("Bog Marshal 1", 2);
      await callOk(gm, "condition_set", {
        target: instanceId("Mire Ogre 1"),
        condition: "VULNERABLE",
        on: true,
      });
      model.condition("Mire Ogre 1", "VULNERABLE", true);
      await callOk(gm, "countdown_tick", { countdown_id: hiddenId() });
      model.tick(hiddenId(), 1);
      await expectTheModel();
    });

    it("round 3: the Ogre is defeated, the Marshal strikes, reinforcements arrive", async () => {
      await rollAndTick(ash);
      for (const amount of [19, 12, 10]) await damage("Mire Ogre 1", amount);
      expect(model.instance("Mire Ogre 1").defeated).toBe(true);
      const again = await callError(gm, "damage_apply", {
        target: instanceId("Mire Ogre 1"),
        amount: 3,
        type: "PHYSICAL",
      });
      expect(again).toMatchObject({
        code: "FAILED_PRECONDITION",
        message: "instance is already defeated",
      });
      await attack("Bog Marshal 1", briar);
      await callOk(gm, "adversary_stress", { instance: instanceId("Bog Marshal 1"), delta: 5 });
      model.stress("Bog Marshal 1", 5);
      await callOk(gm, "countdown_tick", { countdown_id: hiddenId() });
      model.tick(hiddenId(), 1);
      expect(model.countdowns.get(hiddenId())?.state).toBe("TRIGGERED");
      await expectTheModel();
    });

    it("ends the fight, and the recap lists it all, by role", async () => {
      const ended = await callOk(gm, "encounter_end", {
        encounter_id: encounterId,
        outcome: "The Marshal flees",
      });
      expect(ended.state).toBe("ENDED");
      const defeated = model.instances.filter((each) => each.defeated).map((each) => each.name);
      const standing = model.instances.filter((each) => !each.defeated).map((each) => each.name);
      const gmRecap = await callOk(gm, "session_recap", { session_id: sessionId });
      expect(gmRecap.next_cursor).toBeNull();
      expect(gmRecap.rolls as unknown[]).toHaveLength(3);
      expect((gmRecap.rolls as { applied: boolean }[]).every((roll) => roll.applied)).toBe(true);
      expect(gmRecap.attacks as unknown[]).toHaveLength(3);
      const fear = gmRecap.fear as { spent: number; spends: { amount: number; reason: string }[] };
      expect(fear.spent).toBe(1);
      expect(fear.spends.map(({ amount, reason }) => ({ amount, reason }))).toEqual([
        { amount: 1, reason: FEATURE_REASON },
      ]);
      const fights = gmRecap.encounters as {
        state: string;
        defeated?: string[];
        standing?: string[];
      }[];
      expect(fights.find((each) => each.state === "ENDED")).toMatchObject({ defeated, standing });
      const triggered = [...model.countdowns.values()].filter((each) => each.triggered > 0);
      const names = (recap: Record<string, unknown>) =>
        (recap.countdowns_triggered as { name: string }[]).map((each) => each.name).sort();
      expect(names(gmRecap)).toEqual(triggered.map((each) => each.name).sort());
      const hpMarked = (recap: Record<string, unknown>, id: string) =>
        (recap.characters as { character_id: string; hp_marked: number }[]).find(
          (each) => each.character_id === id,
        )?.hp_marked ?? 0;
      for (const [id, character] of model.characters) {
        expect(hpMarked(gmRecap, id)).toBe(6 - character.hp);
      }

      const playerRecap = await callOk(playerOf(ash), "session_recap", { session_id: sessionId });
      expect(names(playerRecap)).toEqual(
        triggered.filter((each) => each.visible_to_players).map((each) => each.name),
      );
      expect(JSON.stringify(playerRecap)).not.toContain("Reinforcements");
      expect(playerRecap.attacks).toEqual(gmRecap.attacks);
    });
  },
);
