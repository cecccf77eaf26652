import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { patchCharacterProfile } from "../commands/patch-character-profile.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  idParameter,
  profileFieldParameters,
  profileOutput,
  traitCountProblems,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  character_id: idParameter("Character to change (char_…)"),
  ...profileFieldParameters,
});

/**
 * `character_profile_patch` (docs/campaign.md §4.7).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function characterProfilePatchTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "character_profile_patch",
    title: "Change a character's profile",
    description:
      "Replaces the given profile fields; traits replaces the whole trait map. Never changes the state: lower hp or stress first before lowering hp_max or stress_max below them. The GM may change every character, a player only those their seat controls. Returns the profile after the patch.",
    input,
    output: z.object({ profile: profileOutput }),
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    checkArguments: (args) => traitCountProblems(args.traits, "traits"),
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          patchCharacterProfile(dependencies.environment, caller, input),
        ),
      ),
  });
}
