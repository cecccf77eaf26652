import { interpretNotation } from "@tabletop-mcp/dice/engine";
import type { ParameterProblem } from "@tabletop-mcp/kit";

/** An adversary's role in a fight (docs/campaign.md §2.9). */
export const ADVERSARY_TYPES = [
  "BRUISER",
  "HORDE",
  "LEADER",
  "MINION",
  "RANGED",
  "SKULK",
  "SOCIAL",
  "SOLO",
  "STANDARD",
  "SUPPORT",
] as const;
export type AdversaryType = (typeof ADVERSARY_TYPES)[number];

/** How far an attack reaches. */
export const ATTACK_RANGES = ["MELEE", "VERY_CLOSE", "CLOSE", "FAR", "VERY_FAR"] as const;
export type AttackRange = (typeof ATTACK_RANGES)[number];

export const DAMAGE_TYPES = ["PHYSICAL", "MAGIC"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const FEATURE_KINDS = ["ACTION", "REACTION", "PASSIVE", "FEAR"] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

/** The limits of a stat block's numbers and lists (docs/campaign.md §2.9). */
export const STAT_BLOCK_LIMITS = {
  nameLength: 80,
  tier: [1, 4],
  difficulty: [1, 40],
  threshold: [1, 100],
  hpMax: [1, 50],
  stressMax: [0, 20],
  attackModifier: [-10, 20],
  experiences: 8,
  experienceBonus: [1, 6],
  features: 16,
  featureText: 1000,
  fearCost: [1, 5],
  minionOverflow: [1, 20],
} as const;

export interface AdversaryAttack {
  modifier: number;
  range: AttackRange;
  /** Dice notation of the dice server, e.g. `1d12+2`. */
  damage: string;
  damage_type: DamageType;
}

export interface AdversaryExperience {
  name: string;
  bonus: number;
}

export interface AdversaryFeature {
  name: string;
  kind: FeatureKind;
  text: string;
  fear_cost?: number;
}

/** A stat block as the GM gives it, keys in output order (docs/campaign.md §2.9). */
export interface StatBlock {
  name: string;
  tier: number;
  type: AdversaryType;
  difficulty: number;
  /** `null` only for a `MINION`, which any damage defeats. */
  thresholds: { major: number; severe: number } | null;
  hp_max: number;
  stress_max: number;
  attack: AdversaryAttack;
  experiences: AdversaryExperience[];
  features: AdversaryFeature[];
  /** A `MINION`'s X of "Minion (X)": each X points of damage defeat one more of its group. */
  minion_overflow: number | null;
  /** A `HORDE`'s damage once half its HP (rounded up) is marked. */
  horde_damage: string | null;
}

/** A stat block kept in a campaign, keys in output order. */
export interface Adversary extends StatBlock {
  id: string;
  campaign_id: string;
  created_at: string;
  updated_at: string;
}

/**
 * What a stat block's fields cannot say each on their own (docs/campaign.md §2.9): thresholds
 * for all but a `MINION`, major below severe, `minion_overflow` for a `MINION` alone,
 * `horde_damage` for a `HORDE` alone, and damage the dice server's notation says (or a whole
 * number), each problem at its position in the notation.
 *
 * @param block - a block whose fields are each valid
 * @param prefix - the path of the block in the request (`""` for a tool's own arguments)
 * @returns every problem found
 */
export function statBlockProblems(block: StatBlock, prefix = ""): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  const at = (field: string) => `${prefix}${field}`;
  const minion = block.type === "MINION";
  if (minion && block.thresholds !== null) {
    problems.push({
      parameter: at("thresholds"),
      issue: "A MINION has no damage thresholds: any damage defeats it; leave thresholds out",
    });
  }
  if (!minion && block.thresholds === null) {
    problems.push({
      parameter: at("thresholds"),
      issue: `Required for a ${block.type} adversary (every type but MINION has thresholds)`,
    });
  }
  if (block.thresholds && block.thresholds.major >= block.thresholds.severe) {
    problems.push({
      parameter: at("thresholds.major"),
      issue: `Major threshold (${block.thresholds.major}) must be below the severe one (${block.thresholds.severe})`,
    });
  }
  problems.push(...onlyFor(block, "minion_overflow", "MINION", at));
  problems.push(...onlyFor(block, "horde_damage", "HORDE", at));
  problems.push(...notationProblems(block.attack.damage, at("attack.damage")));
  if (block.horde_damage !== null) {
    problems.push(...notationProblems(block.horde_damage, at("horde_damage")));
  }
  return problems;
}

/** A field one type must have and the others must not. */
function onlyFor(
  block: StatBlock,
  field: "minion_overflow" | "horde_damage",
  type: AdversaryType,
  at: (field: string) => string,
): ParameterProblem[] {
  const given = block[field] !== null;
  if (block.type === type && !given) {
    return [{ parameter: at(field), issue: `Required for a ${type} adversary` }];
  }
  if (block.type !== type && given) {
    return [
      {
        parameter: at(field),
        issue: `Only a ${type} adversary has ${field}; this one is ${block.type}`,
      },
    ];
  }
  return [];
}

/** Flat damage: a whole number, as a MINION's attack often deals. */
const FLAT_DAMAGE = /^[1-9][0-9]{0,2}$/;

/**
 * Damage as the dice server checks its notation, each problem at its position; a whole number
 * (1-999) is flat damage and needs no dice.
 */
function notationProblems(notation: string, parameter: string): ParameterProblem[] {
  if (FLAT_DAMAGE.test(notation)) return [];
  const interpreted = interpretNotation(notation);
  if (interpreted.ok) return [];
  return interpreted.problems.map((problem) => {
    const where =
      problem.position === undefined || problem.issue.includes("position")
        ? ""
        : ` (at position ${problem.position})`;
    return {
      parameter,
      issue: `${JSON.stringify(notation)} is not dice notation the dice server accepts, nor a whole number of damage: ${problem.issue}${where}`,
    };
  });
}
