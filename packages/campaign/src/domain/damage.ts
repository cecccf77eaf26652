import { type DamageSeverity, resolveDamage } from "@tabletop-mcp/duality/engine";
import type { Adversary } from "./adversaries.js";
import type { EncounterInstance } from "./encounters.js";

/** How damage is taken (docs/campaign.md §4.28); every flag defaults to false. */
export interface DamageTaken {
  amount: number;
  resistant?: boolean | undefined;
  massive_damage?: boolean | undefined;
  /** A character marks an Armor Slot to take one HP less. */
  armor?: boolean | undefined;
}

/** What damage did to an adversary in a fight. */
export interface InstanceDamage {
  severity: DamageSeverity;
  final_damage: number;
  hp_marked_now: number;
  instance: EncounterInstance;
  /** The other Minions of its stat block its damage defeated, lowest-numbered first. */
  also_defeated: EncounterInstance[];
}

/**
 * Damage to one adversary in a fight (docs/campaign.md §4.28), by duality's threshold rules: a
 * `MINION` is defeated by any damage, and every `minion_overflow` points of the damage defeat one
 * more undefeated Minion of its stat block (`others`, lowest-numbered first); any other marks
 * HP by severity and is defeated once every HP is marked.
 *
 * @param target - the adversary hit, not yet defeated
 * @param block - its stat block
 * @param others - the fight's other adversaries still in it
 * @param taken - the damage
 */
export function damageInstance(
  target: EncounterInstance,
  block: Adversary,
  others: readonly EncounterInstance[],
  taken: DamageTaken,
): InstanceDamage {
  if (block.type === "MINION" || block.thresholds === null) {
    return damageMinion(target, block, others, taken);
  }
  const result = resolveDamage({
    damage: taken.amount,
    major_threshold: block.thresholds.major,
    severe_threshold: block.thresholds.severe,
    resistant: taken.resistant,
    massive_damage: taken.massive_damage,
  });
  const hpMarked = Math.min(block.hp_max, target.hp_marked + result.hp_marked);
  return {
    severity: result.severity,
    final_damage: result.final_damage,
    hp_marked_now: hpMarked - target.hp_marked,
    instance: { ...target, hp_marked: hpMarked, defeated: hpMarked >= block.hp_max },
    also_defeated: [],
  };
}

function damageMinion(
  target: EncounterInstance,
  block: Adversary,
  others: readonly EncounterInstance[],
  taken: DamageTaken,
): InstanceDamage {
  // Halves round up, as duality's resistance does.
  const finalDamage = Math.max(0, taken.resistant ? Math.ceil(taken.amount / 2) : taken.amount);
  if (finalDamage === 0) {
    return {
      severity: "NONE",
      final_damage: 0,
      hp_marked_now: 0,
      instance: target,
      also_defeated: [],
    };
  }
  const overflow = Math.floor(finalDamage / (block.minion_overflow ?? Number.POSITIVE_INFINITY));
  const alsoDefeated = others
    .filter(
      (other) =>
        other.adversary_id === target.adversary_id && other.id !== target.id && !other.defeated,
    )
    .sort((a, b) => a.number - b.number)
    .slice(0, overflow)
    .map((other) => ({ ...other, hp_marked: block.hp_max, defeated: true }));
  return {
    severity: "MINOR",
    final_damage: finalDamage,
    hp_marked_now: block.hp_max - target.hp_marked,
    instance: { ...target, hp_marked: block.hp_max, defeated: true },
    also_defeated: alsoDefeated,
  };
}
