import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { changeAdversaryStress } from "../commands/change-adversary-stress.js";
import { instanceOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: idParameter("The fight (enc_…); when given, the instance must be in it").optional(),
  instance: idParameter("The adversary in the fight (inst_…)"),
  delta: z.int().min(-20).max(20).describe("Stress to mark (positive) or clear (negative), not 0"),
});

const output = instanceOutput;

/**
 * `adversary_stress` (docs/campaign.md §4.29).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function adversaryStressTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "adversary_stress",
    title: "Mark or clear an adversary's Stress",
    description:
      "Marks (delta > 0) or clears (delta < 0) Stress of an adversary in an active fight, held to 0..its stat block's stress_max. GM only. Logged as a GM-only ADVERSARY_STRESS_CHANGED when it changed. Returns the adversary.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    checkArguments: (args) =>
      args.delta === 0 ? [{ parameter: "delta", issue: "Value must not be 0" }] : [],
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          changeAdversaryStress(dependencies.environment, caller, rest),
        ),
      ),
  });
}
