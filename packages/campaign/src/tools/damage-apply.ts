import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { applyDamage } from "../commands/apply-damage.js";
import { DAMAGE_TYPES } from "../domain/adversaries.js";
import { instanceOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter, stateOutput } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: idParameter(
    "The fight (enc_…); when given, an adversary target must be in it",
  ).optional(),
  target: idParameter("An adversary in a fight (inst_…) or a character (char_…)"),
  amount: z.int().min(-1000).max(1000).describe("The damage rolled; 0 or less marks nothing"),
  type: z.enum(DAMAGE_TYPES).describe("PHYSICAL or MAGIC"),
  resistant: z.boolean().describe("The target resists this type: half, rounded up").optional(),
  armor: z
    .boolean()
    .describe("A character marks an Armor Slot to mark one HP less (characters only)")
    .optional(),
  massive_damage: z
    .boolean()
    .describe("The optional rule: twice the severe threshold or more marks 4 HP")
    .optional(),
});

const output = z.object({
  target: z.string(),
  amount: z.int(),
  final_damage: z.int(),
  severity: z.enum(["NONE", "MINOR", "MAJOR", "SEVERE", "MASSIVE"]),
  hp_marked_now: z.int(),
  instance: instanceOutput.optional(),
  also_defeated: z.array(z.string()).describe("Other Minions the damage defeated (inst_…)"),
  state: stateOutput.optional(),
  last_hp_marked: z.boolean().optional(),
});

/**
 * `damage_apply` (docs/campaign.md §4.28).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function damageApplyTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "damage_apply",
    title: "Apply damage",
    description:
      "Applies damage to an adversary in an active fight (GM only) or to a character (the GM, or the player whose seat controls it), by the damage thresholds: below Major marks 1 HP, Major 2, Severe 3 (4 with massive_damage at twice Severe); resistant halves first; armor marks an Armor Slot for one HP less (characters). A MINION is defeated by any damage, and each minion_overflow points of it defeat one more Minion of its stat block (lowest-numbered first); any other adversary is defeated when all its HP are marked. A character's hp is what is left (0: the last HP is marked). Logged as DAMAGE_APPLIED (GM-only for adversaries). Returns the severity, the HP marked, and the adversary or the character's state.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          applyDamage(dependencies.environment, caller, rest),
        ),
      ),
  });
}
