import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { applyOutcomeOfRoll } from "../commands/apply-roll-outcome.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter, sessionIdParameter, stateOutput } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  session_id: sessionIdParameter,
  roll_seq: z.int().min(1).max(2147483647).describe("roll_seq returned by session_action_roll"),
  targets: z
    .array(idParameter("Character id (char_…)"))
    .max(10)
    .describe("Characters affected (Tag Team); omitted or empty means the roller")
    .optional(),
});

const output = z.object({
  roll_seq: z.int(),
  requires_complication: z.boolean(),
  updated: z.object({
    character_states: z.array(stateOutput),
    gm_fear: z.int().optional(),
  }),
});

/**
 * `session_roll_outcome_apply` (docs/campaign.md §4.12).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionRollOutcomeApplyTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_roll_outcome_apply",
    title: "Apply a roll's Hope/Fear outcome",
    description:
      "Applies the mandatory effects of a resolved roll, exactly once: with Hope each target gains 1 Hope (max 6); a critical success also clears 1 Stress; with Fear the GM gains 1 Fear per target (max 12) and a complication is required. A second application of the same roll is refused. The GM may apply any roll; a player only rolls they made for characters their seat controls. Returns every target's state and, for Fear, the GM's Fear.",
    input,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          applyOutcomeOfRoll(dependencies.environment, caller, input),
        ),
      ),
  });
}
