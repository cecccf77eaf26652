// docs/campaign.md §4.31: an adversary's attack over HTTP through the SDK client, on the store
// under test, with the server's dice on a replay seed. The first roll is predicted by the dice
// server's engine drawing from the same seed; every other result is checked against the rules
// with the dice the answer shows, and a second server on the same seed rolls the same attacks.
import { interpretNotation, rollDice } from "@tabletop-mcp/dice/engine";
import { createSeededSource } from "@tabletop-mcp/kit/random";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_KIND } from "../support/store-under-test.js";
import { createCampaign, type Era, openGameTable, seatPlayerWithPc } from "./game-table.js";
import { callError, callOk, readJson } from "./harness.js";

const SEED = "owlbear-at-the-ford";
const SUBJECTS = ["gm-sub", "player-sub"] as const;

/** Hits whatever the d20 shows: +20 against a PC's default Evasion of 10. */
const SURE = {
  name: "Sure Shot",
  tier: 1,
  type: "RANGED",
  difficulty: 12,
  thresholds: { major: 5, severe: 9 },
  hp_max: 4,
  stress_max: 2,
  attack: { modifier: 20, range: "FAR", damage: "2d6+3", damage_type: "PHYSICAL" },
  experiences: [{ name: "Keen eye", bonus: 3 }],
};
/** Misses unless the d20 shows 20: at most 19 - 10 = 9 against Evasion 10. */
const WILD = { ...SURE, name: "Wild Swing", attack: { ...SURE.attack, modifier: -10 } };
/** A horde whose damage drops once half its 4 HP are marked. */
const SWARM = {
  ...SURE,
  name: "Gnat Swarm",
  type: "HORDE",
  attack: { ...SURE.attack, damage: "3d8" },
  horde_damage: "1d4",
};

interface Attack {
  d20s: number[];
  d20: number;
  modifier: number;
  experience_bonus: number;
  total: number;
  evasion: number;
  hit: boolean;
  critical: boolean;
  damage: number | null;
  damage_rolls: number[];
  applied?: { final_damage: number; state?: { hp: number } };
}

/**
 * Starts a server on the seed and a store of its own, a campaign with one PC, a fight holding
 * the three adversaries; `close` stops it all.
 */
async function table(era: Era) {
  const { close, connect } = await openGameTable(era, SUBJECTS, ["--seed", SEED]);
  const gm = await connect("gm-sub");
  const player = await connect("player-sub");
  const campaignId = await createCampaign(gm, "Ford");
  const pcId = await seatPlayerWithPc(gm, player, campaignId, "player-sub", "Ash");
  const session = await callOk(gm, "session_start", { campaign_id: campaignId, name: "One" });
  const fight = await callOk(gm, "encounter_start", { campaign_id: campaignId, name: "Ford" });
  const instances: Record<string, string> = {};
  for (const block of [SURE, WILD, SWARM]) {
    const kept = await callOk(gm, "adversary_define", { campaign_id: campaignId, ...block });
    const added = await callOk(gm, "encounter_add", {
      encounter_id: fight.id,
      adversary_id: kept.id,
    });
    const last = (added.instances as { id: string }[]).at(-1);
    instances[block.name] = last?.id ?? "";
  }
  const attack = async (name: string, extra = {}) =>
    (await callOk(gm, "adversary_attack", {
      instance: instances[name],
      target: pcId,
      ...extra,
    })) as unknown as Attack;
  const sessionId = session.id as string;
  return { close, gm, player, campaignId, sessionId, pcId, instances, attack };
}

/** Checks an attack against the rules, with the dice it shows. */
function followsTheRules(attack: Attack, notation: { dice: number; sides: number; plus: number }) {
  const kept =
    attack.d20s.length === 1
      ? attack.d20s[0]
      : attack.d20 === Math.max(...attack.d20s)
        ? Math.max(...attack.d20s)
        : Math.min(...attack.d20s);
  expect(attack.d20).toBe(kept);
  expect(attack.total).toBe(attack.d20 + attack.modifier + attack.experience_bonus);
  expect(attack.critical).toBe(attack.d20 === 20);
  expect(attack.hit).toBe(attack.critical || attack.total >= attack.evasion);
  if (!attack.hit) {
    expect(attack.damage).toBeNull();
    return;
  }
  expect(attack.damage_rolls).toHaveLength(notation.dice);
  for (const face of attack.damage_rolls) expect(face).toBeLessThanOrEqual(notation.sides);
  const rolled = attack.damage_rolls.reduce((sum, face) => sum + face, 0) + notation.plus;
  const most = attack.critical ? notation.dice * notation.sides : 0;
  expect(attack.damage).toBe(rolled + most);
}

describe.each(["modern", "legacy"] as const)(
  `adversary attacks over HTTP on ${STORE_KIND}, %s era`,
  (era) => {
    let first: Awaited<ReturnType<typeof table>>;
    let firstAttack: Attack | undefined;

    beforeAll(async () => {
      first = await table(era);
    });

    afterAll(async () => {
      await first?.close();
    });

    it("rolls the first d20 and damage the dice engine draws from the seed, and logs every die", async () => {
      const attack = await first.attack("Sure Shot");
      // Nothing was rolled before on this server: its first words are the seed's first.
      const source = createSeededSource(SEED);
      const roll = (notation: string) => {
        const interpreted = interpretNotation(notation);
        if (!interpreted.ok) throw new Error(notation);
        return rollDice(interpreted.value.params, source);
      };
      const d20 = roll("1d20").dice[0]?.value;
      expect(attack.d20s).toEqual([d20]);
      expect(attack.hit).toBe(true);
      expect(attack.damage_rolls).toEqual(roll("2d6+3").dice.map((die) => die.value));
      followsTheRules(attack, { dice: 2, sides: 6, plus: 3 });
      firstAttack = attack;
      // The player sees the roll against their character, with its dice.
      const log = await readJson(first.player, `session://${first.sessionId}/events?limit=1`);
      const [event] = log.events as { type: string; payload_json: string }[];
      expect(event?.type).toBe("ADVERSARY_ATTACK_ROLLED");
      expect(JSON.parse(event?.payload_json ?? "{}")).toMatchObject({
        d20s: attack.d20s,
        damage_rolls: attack.damage_rolls,
        hit: true,
      });
    });

    it("rolls the same first attack on a second server on the same seed", async () => {
      const second = await table(era);
      try {
        const attack = await second.attack("Sure Shot");
        expect(attack.d20s).toEqual(firstAttack?.d20s);
        expect(attack.damage_rolls).toEqual(firstAttack?.damage_rolls);
      } finally {
        await second.close();
      }
    });

    it("keeps the better of two d20s with advantage, the worse with disadvantage", async () => {
      const better = await first.attack("Sure Shot", { advantage: 2, disadvantage: 1 });
      expect(better.d20s).toHaveLength(2);
      expect(better.d20).toBe(Math.max(...better.d20s));
      const worse = await first.attack("Sure Shot", { disadvantage: 1 });
      expect(worse.d20).toBe(Math.min(...worse.d20s));
      const even = await first.attack("Sure Shot", { advantage: 1, disadvantage: 1 });
      expect(even.d20s).toHaveLength(1);
      for (const attack of [better, worse, even]) {
        followsTheRules(attack, { dice: 2, sides: 6, plus: 3 });
      }
    });

    it("misses below the Evasion unless the d20 shows 20", async () => {
      for (let round = 0; round < 5; round++) {
        const attack = await first.attack("Wild Swing");
        expect(attack.hit).toBe(attack.d20 === 20);
        followsTheRules(attack, { dice: 2, sides: 6, plus: 3 });
      }
    });

    it("spends a Fear on an experience, and refuses without Fear or an unknown one", async () => {
      const none = await callError(first.gm, "adversary_attack", {
        instance: first.instances["Sure Shot"],
        target: first.pcId,
        spend_fear_for_experience: "Keen eye",
      });
      expect(none).toMatchObject({
        code: "FAILED_PRECONDITION",
        message: "insufficient gm fear: have 0, need 1",
      });
      await callOk(first.gm, "gm_fear_adjust", { campaign_id: first.campaignId, delta: 2 });
      const keen = await first.attack("Sure Shot", { spend_fear_for_experience: "Keen eye" });
      expect(keen.experience_bonus).toBe(3);
      followsTheRules(keen, { dice: 2, sides: 6, plus: 3 });
      const campaign = await readJson(first.gm, `campaign://${first.campaignId}`);
      expect((campaign.campaign as { gm_fear: number }).gm_fear).toBe(1);
      const unknown = await callError(first.gm, "adversary_attack", {
        instance: first.instances["Sure Shot"],
        target: first.pcId,
        spend_fear_for_experience: "Sharp ears",
      });
      expect((unknown.details as { parameter: string }[])[0]?.parameter).toBe(
        "spend_fear_for_experience",
      );
    });

    it("applies the damage when asked, as damage_apply would", async () => {
      const attack = await first.attack("Sure Shot", { apply: true });
      expect(attack.hit).toBe(true);
      expect(attack.applied?.final_damage).toBe(attack.damage);
      const sheet = await callOk(first.player, "character_sheet_get", {
        campaign_id: first.campaignId,
        character_id: first.pcId,
      });
      expect((sheet.state as { hp: number }).hp).toBe(attack.applied?.state?.hp);
    });

    it("uses a HORDE's horde_damage once half its HP are marked", async () => {
      const full = await first.attack("Gnat Swarm");
      followsTheRules(full, { dice: 3, sides: 8, plus: 0 });
      // 5 is the swarm's Major threshold: 2 of its 4 HP, half, are marked.
      await callOk(first.gm, "damage_apply", {
        target: first.instances["Gnat Swarm"],
        amount: 5,
        type: "PHYSICAL",
      });
      const halved = await first.attack("Gnat Swarm");
      followsTheRules(halved, { dice: 1, sides: 4, plus: 0 });
    });

    it("is the GM's alone, and an adversary defeated attacks no more", async () => {
      const denied = await callError(first.player, "adversary_attack", {
        instance: first.instances["Sure Shot"],
        target: first.pcId,
      });
      expect(denied).toMatchObject({
        code: "PERMISSION_DENIED",
        message: "only the GM may attack with adversaries",
      });
      // 40 with Massive Damage: twice Severe (9) or more, 4 HP, all it has.
      await callOk(first.gm, "damage_apply", {
        target: first.instances["Wild Swing"],
        amount: 40,
        type: "MAGIC",
        massive_damage: true,
      });
      const fallen = await callError(first.gm, "adversary_attack", {
        instance: first.instances["Wild Swing"],
        target: first.pcId,
      });
      expect(fallen).toMatchObject({
        code: "FAILED_PRECONDITION",
        message: "instance is defeated",
      });
    });
  },
);
