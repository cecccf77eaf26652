import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { endEncounter } from "../commands/change-encounter.js";
import { encounterIdParameter, encounterOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, textParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: encounterIdParameter,
  outcome: textParameter(0, 1000, "How it ended, e.g. the wisps fled at dawn").optional(),
});

/**
 * `encounter_end` (docs/campaign.md §4.27).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function encounterEndTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "encounter_end",
    title: "End an encounter",
    description:
      "Ends an active encounter, with an outcome in words; its record stays readable at encounter://{id}, and the session may start another. GM only. Logged as ENCOUNTER_ENDED with who was defeated and who still stood. Returns the encounter.",
    input,
    output: encounterOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          endEncounter(dependencies.environment, caller, rest),
        ),
      ),
  });
}
