import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { patchCharacterState } from "../commands/patch-character-state.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  idParameter,
  stateOutput,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  character_id: idParameter("Character to change (char_…)"),
  hope: z.int().min(0).max(6).describe("Hope").optional(),
  stress: z.int().min(0).max(20).describe("Marked Stress, at most stress_max").optional(),
  hp: z.int().min(0).max(30).describe("Hit Points not yet marked, at most hp_max").optional(),
});

/**
 * `character_state_patch` (docs/campaign.md §4.8).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function characterStatePatchTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "character_state_patch",
    title: "Set a character's Hope, Stress or HP",
    description:
      "Sets the given state values (e.g. after damage from duality_damage_resolve, or spending Hope). Returns the state after the patch. Logged in the campaign's active session, if any. The GM may change every character, a player only those their seat controls.",
    input,
    output: z.object({ state: stateOutput }),
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          patchCharacterState(dependencies.environment, caller, input),
        ),
      ),
  });
}
