import { defineTool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { DAMAGE_SEVERITIES, PARAMETER_RANGES, resolveDamage } from "../engine/index.js";
import { DETERMINISTIC_HINTS, THRESHOLD_ORDER_RULE } from "./parameters.js";

function rangedInteger(parameter: "damage" | "major_threshold" | "severe_threshold") {
  const { min, max } = PARAMETER_RANGES[parameter];
  return z.int().min(min).max(max);
}

const input = z.strictObject({
  damage: rangedInteger("damage").describe(
    "Incoming damage, already totalled across simultaneous sources.",
  ),
  major_threshold: rangedInteger("major_threshold").describe(
    "The character's Major damage threshold: damage at or above it marks 2 HP.",
  ),
  severe_threshold: rangedInteger("severe_threshold").describe(
    "The character's Severe damage threshold: damage at or above it marks 3 HP. Must be >= major_threshold.",
  ),
  immune: z.boolean().optional().describe("Immune to the damage type: damage becomes 0."),
  resistant: z
    .boolean()
    .optional()
    .describe("Resistant to the damage type: damage is halved, rounded up, before thresholds."),
  massive_damage: z
    .boolean()
    .optional()
    .describe(
      "Use the optional Massive Damage rule: damage of at least twice the Severe threshold marks 4 HP.",
    ),
  mark_armor_slot: z
    .boolean()
    .optional()
    .describe("The character marks one Armor Slot to mark one HP less."),
  direct: z.boolean().optional().describe("Direct damage: Armor Slots cannot reduce it."),
});

/** `duality_damage_resolve` (docs/duality.md §5.3): damage against HP thresholds. */
export const damageResolveTool = defineTool({
  name: "duality_damage_resolve",
  title: "Resolve damage against thresholds",
  description:
    "Turns one instance of incoming damage into the Hit Points a Daggerheart character marks, using their Major and Severe damage thresholds: below Major is MINOR (1 HP), at or above Major is MAJOR (2 HP), at or above Severe is SEVERE (3 HP), and with the optional massive_damage rule at least twice Severe is MASSIVE (4 HP); 0 or less is NONE (0 HP). Immunity makes the damage 0 and resistance halves it (rounded up) before the thresholds. Marking an Armor Slot lowers the HP marked by one, except for direct damage or when nothing would be marked. Use it after damage is rolled and totalled; it rolls nothing and records nothing, so apply hp_marked yourself (e.g. with the campaign server). Result: damage (echo), final_damage, severity, hp_before_armor, armor_slot_marked, hp_marked.",
  input,
  output: z.object({
    damage: z.int(),
    final_damage: z.int().describe("Damage after immunity or resistance."),
    severity: z.enum(DAMAGE_SEVERITIES),
    hp_before_armor: z.int().min(0).max(4),
    armor_slot_marked: z.boolean().describe("True when an Armor Slot was actually used."),
    hp_marked: z.int().min(0).max(4).describe("The Hit Points to mark."),
  }),
  annotations: DETERMINISTIC_HINTS,
  scope: "tabletop:play",
  crossFieldRules: [THRESHOLD_ORDER_RULE],
  handler: (args) => resolveDamage(args),
});
