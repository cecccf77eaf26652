// docs/campaign.md §4.28-§4.30: damage, an adversary's Stress and Fear spent, over HTTP through
// the SDK client in both protocol eras, on the store under test. Every expected number is worked
// out by hand from the rules the docs state (thresholds, Minion overflow, the character's HP
// left); the stat blocks are invented.
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_KIND } from "../support/store-under-test.js";
import { createCampaign, type GameTable, openGameTable, seatPlayerWithPc } from "./game-table.js";
import { callError, callOk, readJson } from "./harness.js";

const SUBJECTS = ["gm-sub", "player-sub"] as const;
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

interface Instance {
  id: string;
  name: string;
  defeated: boolean;
  hp_marked: number;
  stress_marked: number;
}

describe.each(["modern", "legacy"] as const)(
  `damage, Stress and Fear over HTTP on ${STORE_KIND}, %s era`,
  (era) => {
    let table: GameTable<Subject>;
    let gm: Client;
    let player: Client;
    let campaignId: string;
    let sessionId: string;
    let encounterId: string;
    let ash: string;
    let briar: string;
    let leader: Instance;
    let wisps: Instance[];

    const hit = (client: Client, target: string, amount: number, extra = {}) =>
      callOk(client, "damage_apply", { target, amount, type: "PHYSICAL", ...extra });

    beforeAll(async () => {
      table = await openGameTable(era, SUBJECTS);
      gm = await table.connect("gm-sub");
      player = await table.connect("player-sub");
      campaignId = await createCampaign(gm, "Fenmarch");
      // The player's PC (its seat controls it), and the GM's: PC defaults, 6 HP, thresholds 8/12.
      ash = await seatPlayerWithPc(gm, player, campaignId, "player-sub", "Ash");
      briar = (
        await callOk(gm, "character_create", { campaign_id: campaignId, name: "Briar", kind: "PC" })
      ).id as string;
      const ids: Record<string, string> = {};
      for (const block of [LEADER, MINION]) {
        ids[block.name] = (
          await callOk(gm, "adversary_define", { campaign_id: campaignId, ...block })
        ).id as string;
      }
      sessionId = (await callOk(gm, "session_start", { campaign_id: campaignId, name: "One" }))
        .id as string;
      encounterId = (await callOk(gm, "encounter_start", { campaign_id: campaignId, name: "Ford" }))
        .id as string;
      await callOk(gm, "encounter_add", {
        encounter_id: encounterId,
        adversary_id: ids["Marsh Captain"],
      });
      const fight = await callOk(gm, "encounter_add", {
        encounter_id: encounterId,
        adversary_id: ids["Reed Wisp"],
        count: 4,
      });
      const instances = fight.instances as Instance[];
      leader = instances[0] as Instance;
      wisps = instances.slice(1);
    });

    afterAll(async () => {
      await table?.close();
    });

    it("marks an adversary's HP by its thresholds until it is defeated", async () => {
      // 8: at least Major (7), below Severe (14): 2 HP.
      const first = await hit(gm, leader.id, 8);
      expect(first).toMatchObject({ severity: "MAJOR", final_damage: 8, hp_marked_now: 2 });
      expect(first.instance).toMatchObject({ hp_marked: 2, hp_max: 6, defeated: false });
      // 15 resisted: 8, Major again: 4 marked.
      const second = await hit(gm, leader.id, 15, { resistant: true });
      expect(second).toMatchObject({ severity: "MAJOR", final_damage: 8, hp_marked_now: 2 });
      // 30 with Massive Damage: twice Severe (28) or more, 4 HP, but only 2 are left.
      const third = await hit(gm, leader.id, 30, { massive_damage: true });
      expect(third).toMatchObject({ severity: "MASSIVE", hp_marked_now: 2 });
      expect(third.instance).toMatchObject({ hp_marked: 6, defeated: true });
      const again = await callError(gm, "damage_apply", {
        target: leader.id,
        amount: 3,
        type: "MAGIC",
      });
      expect(again).toMatchObject({
        code: "FAILED_PRECONDITION",
        message: "instance is already defeated",
      });
    });

    it("defeats a Minion with any damage, and one more per minion_overflow points", async () => {
      const [first, second, third, fourth] = wisps as [Instance, Instance, Instance, Instance];
      // 11 to the second wisp: it falls, and 11 / 5 = 2 more, the lowest-numbered first.
      const blow = await hit(gm, second.id, 11);
      expect(blow.instance).toMatchObject({ defeated: true });
      expect(blow.also_defeated).toEqual([first.id, third.id]);
      const none = await hit(gm, fourth.id, 0);
      expect(none).toMatchObject({ severity: "NONE", hp_marked_now: 0 });
      expect(none.instance).toMatchObject({ defeated: false });
      const armored = await callError(gm, "damage_apply", {
        target: fourth.id,
        amount: 4,
        type: "PHYSICAL",
        armor: true,
      });
      expect((armored.details as { parameter: string }[])[0]?.parameter).toBe("armor");
      const seen = (await readJson(player, `encounter://${encounterId}`)).encounter as {
        instances: { name: string; defeated: boolean }[];
      };
      expect(seen.instances.map(({ name, defeated }) => [name, defeated])).toEqual([
        ["Marsh Captain 1", true],
        ["Reed Wisp 1", true],
        ["Reed Wisp 2", true],
        ["Reed Wisp 3", true],
        ["Reed Wisp 4", false],
      ]);
    });

    it("marks a character's HP, its player's or the GM's to apply, to the last one", async () => {
      // 13: Severe (12) or more, 3 HP; an Armor Slot takes one: 2 of 6 marked, 4 left.
      const armored = await hit(player, ash, 13, { armor: true });
      expect(armored).toMatchObject({
        severity: "SEVERE",
        hp_marked_now: 2,
        last_hp_marked: false,
      });
      expect(armored.state).toMatchObject({ character_id: ash, hp: 4 });
      // 20, Severe: 3 more, 1 left; then 9, Major: 2, but only the last one is left.
      expect((await hit(gm, ash, 20)).state).toMatchObject({ hp: 1 });
      const last = await hit(gm, ash, 9);
      expect(last).toMatchObject({ hp_marked_now: 1, last_hp_marked: true });
      expect(last.state).toMatchObject({ hp: 0 });
      const sheet = await callOk(player, "character_sheet_get", {
        campaign_id: campaignId,
        character_id: ash,
      });
      expect((sheet.state as { hp: number }).hp).toBe(0);

      const others = await callError(player, "damage_apply", {
        target: briar,
        amount: 5,
        type: "PHYSICAL",
      });
      expect(others).toMatchObject({
        code: "PERMISSION_DENIED",
        message: "you may apply damage only to characters controlled by your seat",
      });
      const adversary = await callError(player, "damage_apply", {
        target: (wisps[3] as Instance).id,
        amount: 5,
        type: "PHYSICAL",
      });
      expect(adversary).toMatchObject({
        code: "PERMISSION_DENIED",
        message: "only the GM may apply damage to adversaries",
      });
      const nobody = await callError(gm, "damage_apply", {
        target: "char_nobody",
        amount: 5,
        type: "PHYSICAL",
      });
      expect(nobody).toMatchObject({ code: "NOT_FOUND", message: "target not found" });
    });

    it("puts conditions on an adversary, which the players see", async () => {
      const wisp = (wisps[3] as Instance).id;
      const set = (client: Client, condition: string, on: boolean) =>
        client.callTool({ name: "condition_set", arguments: { target: wisp, condition, on } });
      expect((await set(gm, "VULNERABLE", true)).structuredContent).toMatchObject({
        conditions: ["VULNERABLE"],
      });
      expect((await set(gm, "HIDDEN", true)).structuredContent).toMatchObject({
        conditions: ["HIDDEN", "VULNERABLE"],
      });
      const seen = (await readJson(player, `encounter://${encounterId}`)).encounter as {
        instances: { id: string; conditions: string[] }[];
      };
      expect(seen.instances.find((instance) => instance.id === wisp)?.conditions).toEqual([
        "HIDDEN",
        "VULNERABLE",
      ]);
      expect((await set(gm, "HIDDEN", false)).structuredContent).toMatchObject({
        conditions: ["VULNERABLE"],
      });
      const denied = await set(player, "RESTRAINED", true);
      expect(denied.isError).toBe(true);
      expect(JSON.stringify(denied.structuredContent)).toContain("PERMISSION_DENIED");
    });

    it("holds an adversary's Stress to 0..stress_max", async () => {
      const stress = (delta: number) =>
        callOk(gm, "adversary_stress", { instance: leader.id, delta });
      expect((await stress(2)).stress_marked).toBe(2);
      expect((await stress(5)).stress_marked).toBe(3);
      expect((await stress(-10)).stress_marked).toBe(0);
      const zero = await callError(gm, "adversary_stress", { instance: leader.id, delta: 0 });
      expect((zero.details as { parameter: string }[])[0]?.parameter).toBe("delta");
      const denied = await callError(player, "adversary_stress", { instance: leader.id, delta: 1 });
      expect(denied.code).toBe("PERMISSION_DENIED");
    });

    it("spends Fear with a reason, never below 0", async () => {
      await callOk(gm, "gm_fear_adjust", { campaign_id: campaignId, delta: 3 });
      const spent = await callOk(gm, "gm_fear_spend", {
        campaign_id: campaignId,
        amount: 2,
        reason: "Rally the reeds",
      });
      expect(spent).toEqual({ gm_fear: 1, spent: 2, reason: "Rally the reeds" });
      const short = await callError(gm, "gm_fear_spend", {
        campaign_id: campaignId,
        amount: 2,
        reason: "Another move",
      });
      expect(short).toMatchObject({
        code: "FAILED_PRECONDITION",
        message: "insufficient gm fear: have 1, need 2",
      });
      const denied = await callError(player, "gm_fear_spend", {
        campaign_id: campaignId,
        amount: 1,
        reason: "Mine",
      });
      expect(denied.code).toBe("PERMISSION_DENIED");
    });

    it("logs the adversaries' damage and Stress for the GM alone", async () => {
      const types = async (client: Client) => {
        const log = await readJson(client, `session://${sessionId}/events?limit=200`);
        return (log.events as { type: string; payload_json: string }[]).map((event) => {
          const payload = JSON.parse(event.payload_json) as { target_name?: string };
          return event.type === "DAMAGE_APPLIED" ? `DAMAGE ${payload.target_name}` : event.type;
        });
      };
      const gmSees = await types(gm);
      const playerSees = await types(player);
      expect(gmSees.filter((type) => type === "DAMAGE Marsh Captain 1")).toHaveLength(3);
      expect(gmSees).toContain("ADVERSARY_STRESS_CHANGED");
      expect(playerSees.filter((type) => type.startsWith("DAMAGE"))).toEqual([
        "DAMAGE Ash",
        "DAMAGE Ash",
        "DAMAGE Ash",
      ]);
      expect(playerSees).not.toContain("ADVERSARY_STRESS_CHANGED");
      expect(playerSees).toContain("GM_FEAR_SPENT");
    });

    it("recaps the session: HP marked, Fear gained and spent, the fight, by role", async () => {
      const recap = async (client: Client, cursor?: number) =>
        callOk(client, "session_recap", {
          session_id: sessionId,
          ...(cursor === undefined ? {} : { cursor }),
        });
      for (const client of [gm, player]) {
        const page = await recap(client);
        // Ash took 2, then 3, then the last 1 of 6 HP (the damage test above).
        expect(page.characters).toEqual([
          {
            character_id: ash,
            hope_gained: 0,
            hope_spent: 0,
            stress_marked: 0,
            stress_cleared: 0,
            hp_marked: 6,
            hp_cleared: 0,
          },
        ]);
        // +3 by gm_fear_adjust, then 2 spent on "Rally the reeds".
        expect(page.fear).toMatchObject({
          gained: 3,
          spent: 2,
          spends: [{ amount: 2, reason: "Rally the reeds" }],
        });
        expect(page.encounters).toEqual([
          { encounter_id: encounterId, name: "Ford", state: "ACTIVE" },
        ]);
        expect(page.next_cursor).toBeNull();
      }
    });

    it("pages a long recap, oldest first, every event once", async () => {
      const words = "The reeds whisper of the captain. ".repeat(60);
      for (let index = 0; index < 40; index++) {
        await callOk(gm, "session_note_add", { session_id: sessionId, text: `${index} ${words}` });
      }
      const seen: number[] = [];
      let cursor: number | undefined;
      let pages = 0;
      do {
        const page = await callOk(gm, "session_recap", {
          session_id: sessionId,
          ...(cursor === undefined ? {} : { cursor }),
        });
        pages++;
        seen.push(...(page.notes as { seq: number }[]).map((note) => note.seq));
        cursor = (page.next_cursor as number | null) ?? undefined;
      } while (cursor !== undefined && pages < 20);
      // 40 notes of about 2 KB cannot fit one answer of 64 KiB.
      expect(pages).toBeGreaterThan(1);
      expect(seen).toHaveLength(40);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    });

    it("keeps a character's conditions in its state, set by its player or the GM", async () => {
      const set = (client: Client, target: string, condition: string, on: boolean) =>
        callOk(client, "condition_set", { target, condition, on });
      const restrained = await set(player, ash, "RESTRAINED", true);
      expect(restrained).toMatchObject({
        target: ash,
        name: "Ash",
        conditions: ["RESTRAINED"],
        state: { character_id: ash, conditions: ["RESTRAINED"] },
      });
      expect(restrained.instance).toBeUndefined();
      await set(gm, ash, "HIDDEN", true);
      // Other changes of the state leave the conditions alone; the sheet carries them.
      const patched = await callOk(player, "character_state_patch", {
        campaign_id: campaignId,
        character_id: ash,
        hope: 3,
      });
      expect((patched.state as { conditions: string[] }).conditions).toEqual([
        "HIDDEN",
        "RESTRAINED",
      ]);
      const sheet = await callOk(player, "character_sheet_get", {
        campaign_id: campaignId,
        character_id: ash,
      });
      expect((sheet.state as { conditions: string[] }).conditions).toEqual([
        "HIDDEN",
        "RESTRAINED",
      ]);
      // A change that moves nothing writes nothing: the log gains one event per real change.
      const logged = async () => {
        const log = await readJson(player, `session://${sessionId}/events?limit=200`);
        return (log.events as { type: string; payload_json: string }[]).filter(
          (event) => event.type === "CONDITION_SET" && event.payload_json.includes(ash),
        ).length;
      };
      const before = await logged();
      await set(player, ash, "HIDDEN", true);
      expect(await logged()).toBe(before);
      await set(player, ash, "HIDDEN", false);
      expect(await logged()).toBe(before + 1);

      const other = await callError(player, "condition_set", {
        target: briar,
        condition: "VULNERABLE",
        on: true,
      });
      expect(other).toMatchObject({
        code: "PERMISSION_DENIED",
        message: "you may set conditions only on characters controlled by your seat",
      });
      const briarSheet = await callOk(gm, "character_sheet_get", {
        campaign_id: campaignId,
        character_id: briar,
      });
      expect((briarSheet.state as { conditions: string[] }).conditions).toEqual([]);
      const nobody = await callError(gm, "condition_set", {
        target: "char_nobody",
        condition: "HIDDEN",
        on: true,
      });
      expect(nobody).toMatchObject({ code: "NOT_FOUND", message: "target not found" });
      await set(gm, ash, "RESTRAINED", false);
    });
  },
);
