import { assertInteger, assertIntegerAtLeast } from "./assert-integer.js";
import { DualityError } from "./duality-error.js";
import { type DamageThresholds, THRESHOLD_ORDER_ISSUE } from "./parameter-issues.js";

/** How hard one instance of damage hits (docs/duality.md §5.3). */
export const DAMAGE_SEVERITIES = ["NONE", "MINOR", "MAJOR", "SEVERE", "MASSIVE"] as const;

/** One damage severity. */
export type DamageSeverity = (typeof DAMAGE_SEVERITIES)[number];

/** Input of `duality_damage_resolve`; every flag defaults to false. */
export interface DamageInput extends DamageThresholds {
  readonly damage: number;
  readonly immune?: boolean | undefined;
  readonly resistant?: boolean | undefined;
  readonly massive_damage?: boolean | undefined;
  readonly mark_armor_slot?: boolean | undefined;
  readonly direct?: boolean | undefined;
}

/** Output of `duality_damage_resolve`. */
export interface DamageResult {
  damage: number;
  final_damage: number;
  severity: DamageSeverity;
  hp_before_armor: number;
  armor_slot_marked: boolean;
  hp_marked: number;
}

const HIT_POINTS_BY_SEVERITY: Record<DamageSeverity, number> = {
  NONE: 0,
  MINOR: 1,
  MAJOR: 2,
  SEVERE: 3,
  MASSIVE: 4,
};

function applyImmunityAndResistance(input: DamageInput): number {
  if (input.immune === true) return 0;
  // Halves round up (docs/duality.md §5.3); `+ 0` turns the -0 of ceil(-0.5) into 0.
  if (input.resistant === true) return Math.ceil(input.damage / 2) + 0;
  return input.damage;
}

function classifySeverity(finalDamage: number, input: DamageInput): DamageSeverity {
  if (finalDamage <= 0) return "NONE";
  if (input.massive_damage === true && finalDamage >= 2 * input.severe_threshold) return "MASSIVE";
  if (finalDamage >= input.severe_threshold) return "SEVERE";
  if (finalDamage >= input.major_threshold) return "MAJOR";
  return "MINOR";
}

function assertDamageInput(input: DamageInput): void {
  assertInteger("damage", input.damage);
  assertIntegerAtLeast("major_threshold", input.major_threshold, 0);
  assertIntegerAtLeast("severe_threshold", input.severe_threshold, 0);
  if (input.severe_threshold < input.major_threshold) {
    throw new DualityError(
      "CONFLICTING_PARAMETERS",
      THRESHOLD_ORDER_ISSUE.issue,
      THRESHOLD_ORDER_ISSUE.parameter,
    );
  }
}

/**
 * Turns one instance of incoming damage into Hit Points to mark (docs/duality.md §5.3): immunity or
 * resistance first, then the thresholds (with the optional Massive Damage rule), then one
 * Armor Slot, which direct damage cannot use and which is not spent when nothing would be marked.
 *
 * @param input - the damage, the character's thresholds and the rule flags
 * @returns the result object of `duality_damage_resolve`
 * @throws DualityError when a number is not an integer, a threshold is negative, or the severe
 *   threshold is below the major one
 */
export function resolveDamage(input: DamageInput): DamageResult {
  assertDamageInput(input);
  const finalDamage = applyImmunityAndResistance(input);
  const severity = classifySeverity(finalDamage, input);
  const hpBeforeArmor = HIT_POINTS_BY_SEVERITY[severity];
  const armorSlotMarked =
    input.mark_armor_slot === true && input.direct !== true && hpBeforeArmor >= 1;
  return {
    damage: input.damage,
    final_damage: finalDamage,
    severity,
    hp_before_armor: hpBeforeArmor,
    armor_slot_marked: armorSlotMarked,
    hp_marked: armorSlotMarked ? hpBeforeArmor - 1 : hpBeforeArmor,
  };
}
