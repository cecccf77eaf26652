import { interpretNotation, type RandomSource, rollDice } from "@tabletop-mcp/dice/engine";
import type { Adversary } from "./adversaries.js";
import type { EncounterInstance } from "./encounters.js";

/** What an attack is rolled with (docs/campaign.md §4.31). */
export interface AttackSetup {
  block: Adversary;
  instance: EncounterInstance;
  evasion: number;
  /** Sources of advantage and of disadvantage; each of one cancels one of the other. */
  advantage: number;
  disadvantage: number;
  /** The experience's bonus when the GM spends Fear on it, else 0. */
  experienceBonus: number;
}

/** An attack roll and its damage, as `adversary_attack` answers them. */
export interface AttackRoll {
  /** Every d20 rolled: two with advantage or disadvantage left after cancelling, else one. */
  d20s: number[];
  /** The d20 that counts: the higher with advantage, the lower with disadvantage. */
  d20: number;
  modifier: number;
  experience_bonus: number;
  total: number;
  evasion: number;
  hit: boolean;
  critical: boolean;
  /** The damage notation used: the attack's, or a HORDE's `horde_damage` at half its HP. */
  damage_notation: string;
  damage: number | null;
  /** Every damage die's value, in roll order. */
  damage_rolls: number[];
}

/**
 * Rolls an adversary's attack against a character's Evasion with the dice server's engine
 * (docs/campaign.md §4.31): a d20 (two, keeping the better or worse, with advantage or
 * disadvantage), plus the attack's modifier and an experience's bonus; at least the Evasion
 * hits, and a natural 20 is a critical, which always hits. Damage is rolled on a hit: the
 * notation's total, plus on a critical the most its dice can show. A HORDE with half its HP
 * (rounded up) or more marked uses its `horde_damage`.
 *
 * @param random - the words the dice are drawn from
 * @param setup - the attacker, the target's Evasion and the bonuses
 */
export function rollAttack(random: RandomSource, setup: AttackSetup): AttackRoll {
  const net = setup.advantage - setup.disadvantage;
  const d20s = rollNotation(random, net === 0 ? "1d20" : "2d20").values;
  const d20 = net > 0 ? Math.max(...d20s) : net < 0 ? Math.min(...d20s) : (d20s[0] ?? 1);
  const modifier = setup.block.attack.modifier;
  const total = d20 + modifier + setup.experienceBonus;
  const critical = d20 === 20;
  const hit = critical || total >= setup.evasion;
  const notation = damageNotation(setup.block, setup.instance);
  const roll = hit ? rollDamage(random, notation, critical) : undefined;
  return {
    d20s,
    d20,
    modifier,
    experience_bonus: setup.experienceBonus,
    total,
    evasion: setup.evasion,
    hit,
    critical,
    damage_notation: notation,
    damage: roll?.damage ?? null,
    damage_rolls: roll?.values ?? [],
  };
}

function damageNotation(block: Adversary, instance: EncounterInstance): string {
  const half = Math.ceil(block.hp_max / 2);
  if (block.type === "HORDE" && block.horde_damage !== null && instance.hp_marked >= half) {
    return block.horde_damage;
  }
  return block.attack.damage;
}

function rollDamage(
  random: RandomSource,
  notation: string,
  critical: boolean,
): { damage: number; values: number[] } {
  // A whole number is flat damage: no dice, and nothing more on a critical.
  if (/^[0-9]+$/.test(notation)) return { damage: Number(notation), values: [] };
  const rolled = rollNotation(random, notation);
  return { damage: rolled.total + (critical ? rolled.maximum : 0), values: rolled.values };
}

/** A notation the stat block's rules already checked, rolled by the dice engine. */
function rollNotation(
  random: RandomSource,
  notation: string,
): { total: number; values: number[]; maximum: number } {
  const interpreted = interpretNotation(notation);
  if (!interpreted.ok) throw new Error(`unrollable notation ${JSON.stringify(notation)}`);
  const result = rollDice(interpreted.value.params, random);
  const kept = result.dice.filter((die) => die.kept);
  return {
    total: result.total,
    values: result.dice.map((die) => die.value),
    maximum: kept.reduce((sum, die) => sum + die.sides, 0),
  };
}
