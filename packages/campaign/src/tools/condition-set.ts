import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { setCondition } from "../commands/set-condition.js";
import { CONDITIONS } from "../domain/encounters.js";
import { instanceOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter, stateOutput } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: idParameter(
    "The fight (enc_…); when given, an adversary target must be in it",
  ).optional(),
  target: idParameter("An adversary in an active fight (inst_…) or a character (char_…)"),
  condition: z.enum(CONDITIONS).describe("HIDDEN, RESTRAINED or VULNERABLE"),
  on: z.boolean().describe("true puts it on, false takes it off"),
});

const output = z.object({
  target: z.string(),
  name: z.string(),
  conditions: z.array(z.enum(CONDITIONS)).describe("The target's conditions now"),
  instance: instanceOutput.optional().describe("The adversary, when the target is one"),
  state: stateOutput.optional().describe("The character's state, when the target is one"),
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
    title: "Set a condition on an adversary or a character",
    description:
      "Puts a condition (HIDDEN, RESTRAINED, VULNERABLE) on an adversary in an active fight or on a character (on: true), or takes it off (on: false). An adversary's are the GM's to set; a character's, the GM's or the player's whose seat controls it. Players see both. Logged as CONDITION_SET when it changed (a character's in the active session, if any). Returns the target's conditions, with the adversary or the character's state.",
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
