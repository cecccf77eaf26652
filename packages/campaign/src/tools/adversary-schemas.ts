import * as z from "zod";
import {
  ADVERSARY_TYPES,
  ATTACK_RANGES,
  DAMAGE_TYPES,
  FEATURE_KINDS,
  STAT_BLOCK_LIMITS as LIMITS,
  type StatBlock,
} from "../domain/adversaries.js";
import { nameParameter, textParameter } from "./schemas.js";

/** The longest damage notation looked at (the dice server's own limit is higher). */
const MAX_DAMAGE_NOTATION = 64;

function int([min, max]: readonly [number, number], description: string) {
  return z.int().min(min).max(max).describe(description);
}

function damageNotation(description: string) {
  return z.string().trim().min(1).max(MAX_DAMAGE_NOTATION).describe(description);
}

const thresholds = z
  .strictObject({
    major: int(LIMITS.threshold, "Major damage threshold"),
    severe: int(LIMITS.threshold, "Severe damage threshold, above major"),
  })
  .describe("Damage thresholds; every type but MINION has them, a MINION never");

const attack = z
  .strictObject({
    modifier: int(LIMITS.attackModifier, "Attack roll modifier, added to the d20"),
    range: z.enum(ATTACK_RANGES).describe("How far the standard attack reaches"),
    damage: damageNotation("Damage dice in the dice server's notation, e.g. 1d12+2"),
    damage_type: z.enum(DAMAGE_TYPES).describe("PHYSICAL or MAGIC"),
  })
  .describe("The standard attack");

const experience = z.strictObject({
  name: nameParameter(1, LIMITS.nameLength, "Experience name"),
  bonus: int(LIMITS.experienceBonus, "Bonus it adds when Fear is spent on it"),
});

const feature = z.strictObject({
  name: nameParameter(1, LIMITS.nameLength, "Feature name"),
  kind: z.enum(FEATURE_KINDS).describe("ACTION, REACTION, PASSIVE or FEAR"),
  text: textParameter(1, LIMITS.featureText, "What the feature does, in the GM's own words"),
  fear_cost: int(LIMITS.fearCost, "Fear it costs to use").optional(),
});

/** The fields of a stat block as adversary_define and adversary_import take them (§2.9). */
export const statBlockFields = {
  name: nameParameter(1, LIMITS.nameLength, "The adversary's name"),
  tier: int(LIMITS.tier, "Tier 1-4"),
  type: z.enum(ADVERSARY_TYPES).describe("The adversary's role in a fight"),
  difficulty: int(LIMITS.difficulty, "Difficulty of rolls against it"),
  thresholds: thresholds.optional(),
  hp_max: int(LIMITS.hpMax, "Hit points"),
  stress_max: int(LIMITS.stressMax, "Stress it can mark"),
  attack,
  experiences: z
    .array(experience)
    .max(LIMITS.experiences)
    .describe(`Up to ${LIMITS.experiences} experiences`)
    .optional(),
  features: z
    .array(feature)
    .max(LIMITS.features)
    .describe(`Up to ${LIMITS.features} features`)
    .optional(),
  minion_overflow: int(
    LIMITS.minionOverflow,
    'For a MINION: the X of "Minion (X)"; each X points of damage defeat one more of its group',
  ).optional(),
  horde_damage: damageNotation(
    "For a HORDE: its damage once half its HP (rounded up) is marked",
  ).optional(),
};

/** One stat block, as adversary_import checks each of its document's items. */
export const statBlockInput = z.strictObject(statBlockFields);

/** A block from its checked fields: what is left out is `null` (or no list items). */
export function statBlockOf(fields: z.output<typeof statBlockInput>): StatBlock {
  return {
    name: fields.name,
    tier: fields.tier,
    type: fields.type,
    difficulty: fields.difficulty,
    thresholds: fields.thresholds ?? null,
    hp_max: fields.hp_max,
    stress_max: fields.stress_max,
    attack: fields.attack,
    experiences: fields.experiences ?? [],
    features: fields.features ?? [],
    minion_overflow: fields.minion_overflow ?? null,
    horde_damage: fields.horde_damage ?? null,
  };
}

/**
 * The fields adversary_update may change, each optional; `null` clears the three a type may
 * lack (thresholds, minion_overflow, horde_damage).
 */
export const statBlockChanges = {
  name: statBlockFields.name.optional(),
  tier: statBlockFields.tier.optional(),
  type: statBlockFields.type.optional(),
  difficulty: statBlockFields.difficulty.optional(),
  thresholds: thresholds.nullable().optional(),
  hp_max: statBlockFields.hp_max.optional(),
  stress_max: statBlockFields.stress_max.optional(),
  attack: attack.optional(),
  experiences: statBlockFields.experiences,
  features: statBlockFields.features,
  minion_overflow: int(LIMITS.minionOverflow, "For a MINION: the X of Minion (X); null clears it")
    .nullable()
    .optional(),
  horde_damage: damageNotation("For a HORDE: its damage at half HP; null clears it")
    .nullable()
    .optional(),
};

export const adversaryOutput = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  tier: z.int(),
  type: z.enum(ADVERSARY_TYPES),
  difficulty: z.int(),
  thresholds: z.object({ major: z.int(), severe: z.int() }).nullable(),
  hp_max: z.int(),
  stress_max: z.int(),
  attack: z.object({
    modifier: z.int(),
    range: z.enum(ATTACK_RANGES),
    damage: z.string(),
    damage_type: z.enum(DAMAGE_TYPES),
  }),
  experiences: z.array(z.object({ name: z.string(), bonus: z.int() })),
  features: z.array(
    z.object({
      name: z.string(),
      kind: z.enum(FEATURE_KINDS),
      text: z.string(),
      fear_cost: z.int().optional(),
    }),
  ),
  minion_overflow: z.int().nullable(),
  horde_damage: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
