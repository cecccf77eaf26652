import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { setCondition } from "../commands/set-condition.js";
import { CONDITIONS } from "../domain/encounters.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: idParameter("The fight (enc_…); when given, the target must be in it").optional(),
  target: idParameter("An adversary in the fight (inst_…)"),
  condition: z.enum(CONDITIONS).describe("HIDDEN, RESTRAINED or VULNERABLE"),
  on: z.boolean().describe("true puts it on, false takes it off"),
});

const output = z.object({
  id: z.string(),
  adversary_id: z.string(),
  name: z.string(),
  defeated: z.boolean(),
  hp_marked: z.int(),
  hp_max: z.int(),
  stress_marked: z.int(),
  stress_max: z.int(),
  conditions: z.array(z.enum(CONDITIONS)),
});

/**
 * `condition_set` (docs/campaign.md §4.35).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function conditionSetTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "condition_set",
    title: "Set an adversary's condition",
    description:
      "Puts a condition (HIDDEN, RESTRAINED, VULNERABLE) on an adversary in an active fight (on: true), or takes it off (on: false). Players see its conditions. GM only. Logged as CONDITION_SET when it changed. Returns the adversary.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          setCondition(dependencies.environment, caller, rest),
        ),
      ),
  });
}
