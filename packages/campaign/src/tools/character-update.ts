import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { updateCharacter } from "../commands/update-character.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  characterNameParameter,
  characterNotesParameter,
  characterOutput,
  contextHandleParameter,
  idParameter,
  nothingToChangeProblems,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  character_id: idParameter("Character to change (char_…)"),
  name: characterNameParameter.optional(),
  notes: characterNotesParameter.describe("Free notes, replacing the old ones whole").optional(),
  notes_gm_only: z
    .boolean()
    .describe(
      "true keeps an NPC's notes from the players (only the GM reads them), false shows them to all (GM only)",
    )
    .optional(),
});

/**
 * `character_update` (docs/campaign.md §4.19).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function characterUpdateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "character_update",
    title: "Rename a character or change its notes",
    description:
      "Sets a character's name, notes and/or notes_gm_only (give at least one). The GM may change every character, a player only those their seat controls and never notes the GM keeps from the players; only the GM sets notes_gm_only, and only on an NPC. Values equal to the current ones change nothing. Logged as CHARACTER_UPDATED in the active session, if there is one (never with notes kept from the players). Returns the character record as the caller may read it. Sheet values: character_profile_patch, character_state_patch.",
    input,
    output: characterOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true },
    scope: "campaign:write",
    checkArguments: (args) => nothingToChangeProblems(args, ["name", "notes", "notes_gm_only"]),
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          updateCharacter(dependencies.environment, caller, input),
        ),
      ),
  });
}
