import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { getCharacterSheet } from "../commands/get-character-sheet.js";
import { runQuery } from "./run-command.js";
import {
  campaignIdParameter,
  characterOutput,
  contextHandleParameter,
  idParameter,
  profileOutput,
  stateOutput,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  character_id: idParameter("Character to read (char_…)"),
});

const output = z.object({ character: characterOutput, profile: profileOutput, state: stateOutput });

/**
 * `character_sheet_get` (docs/campaign.md §4.6).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function characterSheetGetTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "character_sheet_get",
    title: "Read a character sheet",
    description:
      "Returns a character's record, profile (traits, hp_max, stress_max, evasion, thresholds) and state (hope 0..6, stress marked, hp = Hit Points not yet marked). The GM and players may read every character of their campaign; players read notes the GM kept from them (notes_gm_only) as empty.",
    input,
    output,
    annotations: { readOnlyHint: true, idempotentHint: true, destructiveHint: false },
    scope: "campaign:read",
    handler: (args, context) =>
      runQuery(() =>
        asCaller(dependencies, context, args, (caller, input) =>
          getCharacterSheet(dependencies.environment, caller, input),
        ),
      ),
  });
}
