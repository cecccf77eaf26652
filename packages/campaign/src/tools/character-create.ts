import { defineTool, type ParameterProblem, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { createCharacter } from "../commands/create-character.js";
import { CHARACTER_KINDS } from "../domain/records.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  characterNameParameter,
  characterNotesParameter,
  characterOutput,
  contextHandleParameter,
  profileFieldParameters,
  traitCountProblems,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  name: characterNameParameter,
  kind: z.enum(CHARACTER_KINDS).describe("PC (player character) or NPC"),
  notes: characterNotesParameter.optional(),
  notes_gm_only: z
    .boolean()
    .describe(
      "Keep an NPC's notes from the players: only the GM reads them (GM only; default false)",
    )
    .optional(),
  profile: z
    .strictObject(profileFieldParameters)
    .describe("Initial sheet values; each given field replaces the kind's default")
    .optional(),
});

/** Only an NPC's notes can be kept from the players: a PC's are its player's own. */
function gmOnlyNotesProblems(args: z.output<typeof input>): ParameterProblem[] {
  if (args.notes_gm_only !== true || args.kind === "NPC") return [];
  return [
    {
      parameter: "notes_gm_only",
      issue: "Only an NPC's notes can be kept from the players; kind is PC",
    },
  ];
}

/**
 * `character_create` (docs/campaign.md §4.4).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function characterCreateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "character_create",
    title: "Create a character",
    description:
      "Creates a PC or NPC with a profile (defaults: PC hp_max 6, stress_max 6, evasion 10, thresholds 8/12; NPC 3, 3, 8, 6/10; the six SRD traits at 0) and a starting state (PC Hope 2, NPC 0, no Stress, all HP). An optional profile overrides defaults. The GM and players may; a player's character is controlled by their seat. The GM may keep an NPC's notes from the players (notes_gm_only: players then read its notes as empty). Returns the character record; read the sheet with character_sheet_get.",
    input,
    output: characterOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    checkArguments: (args) => [
      ...traitCountProblems(args.profile?.traits, "profile.traits"),
      ...gmOnlyNotesProblems(args),
    ],
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          createCharacter(dependencies.environment, caller, input),
        ),
      ),
  });
}
