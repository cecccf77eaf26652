import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { adversaryAttack } from "../commands/adversary-attack.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter, nameParameter, stateOutput } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: idParameter("The fight (enc_…); when given, the instance must be in it").optional(),
  instance: idParameter("The attacking adversary in the fight (inst_…)"),
  target: idParameter("The character attacked (char_…)"),
  advantage: z.int().min(0).max(10).describe("Sources of advantage (default 0)").optional(),
  disadvantage: z.int().min(0).max(10).describe("Sources of disadvantage (default 0)").optional(),
  spend_fear_for_experience: nameParameter(
    1,
    80,
    "An experience of the stat block: spend 1 GM Fear to add its bonus",
  ).optional(),
  apply: z.boolean().describe("On a hit, apply the damage to the target at once").optional(),
});

const output = z.object({
  instance: z.string(),
  target: z.string(),
  d20s: z.array(z.int()).describe("Every d20 rolled"),
  d20: z.int().describe("The d20 that counts"),
  modifier: z.int(),
  experience_bonus: z.int(),
  total: z.int(),
  evasion: z.int(),
  hit: z.boolean(),
  critical: z.boolean(),
  damage: z.int().nullable().describe("The damage rolled on a hit; null on a miss"),
  damage_rolls: z.array(z.int()),
  applied: z
    .object({
      target: z.string(),
      amount: z.int(),
      final_damage: z.int(),
      severity: z.enum(["NONE", "MINOR", "MAJOR", "SEVERE", "MASSIVE"]),
      hp_marked_now: z.int(),
      also_defeated: z.array(z.string()),
      state: stateOutput.optional(),
      last_hp_marked: z.boolean().optional(),
    })
    .optional(),
});

/**
 * `adversary_attack` (docs/campaign.md §4.31).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function adversaryAttackTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "adversary_attack",
    title: "Roll an adversary's attack",
    description:
      "An adversary in an active fight attacks a character: d20 (two with net advantage, keeping the higher, or net disadvantage, keeping the lower) + the stat block's attack modifier (+ an experience's bonus when spend_fear_for_experience spends 1 GM Fear on it) against the character's Evasion; at least the Evasion hits, and a natural 20 is a critical, which always hits. On a hit the damage is rolled with the dice server's engine (a critical adds the most its dice can show; a HORDE at half its HP uses horde_damage); apply: true applies it to the character as damage_apply does. GM only. Logged as ADVERSARY_ATTACK_ROLLED with every die. Returns the roll, the damage and what was applied.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          adversaryAttack(dependencies.environment, caller, rest),
        ),
      ),
  });
}
