import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { startEncounter } from "../commands/start-encounter.js";
import { BUDGET_ADJUSTMENTS, ENCOUNTER_DIFFICULTIES } from "../domain/encounters.js";
import { encounterOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  idParameter,
  nameParameter,
  sessionIdParameter,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  session_id: sessionIdParameter,
  name: nameParameter(1, 100, "The fight's name, e.g. Ambush at the ford"),
  party: z
    .array(idParameter("A character id (char_…)"))
    .min(1)
    .max(12)
    .describe("The party's characters; default: every PC of the campaign")
    .optional(),
  difficulty: z
    .enum(ENCOUNTER_DIFFICULTIES)
    .describe("STANDARD (default), EASIER (-1 battle point) or HARDER (+2)")
    .optional(),
  adjustments: z
    .array(z.enum(BUDGET_ADJUSTMENTS))
    .max(BUDGET_ADJUSTMENTS.length)
    .describe(
      "Budget adjustments: TWO_OR_MORE_SOLOS -2, BOOSTED_DAMAGE -2, LOWER_TIER_ADVERSARY +1, NO_HEAVY_HITTERS +1",
    )
    .optional(),
});

/**
 * `encounter_start` (docs/campaign.md §4.25).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function encounterStartTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "encounter_start",
    title: "Start an encounter",
    description:
      "Starts a fight in the session (session_id, else the context's session, else the campaign's active one): at most one active encounter per session. Its battle points: 3 per party member + 2, moved by difficulty and adjustments; add adversaries with encounter_add, which answers the points spent and left (going over is allowed and said). GM only. Logged as ENCOUNTER_STARTED. Returns the encounter with its id (enc_…); players read it at encounter://{id} without stat blocks, HP or Stress.",
    input,
    output: encounterOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          startEncounter(dependencies.environment, caller, rest),
        ),
      ),
  });
}
