import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { removeFromEncounter } from "../commands/change-encounter.js";
import { encounterIdParameter, encounterOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: encounterIdParameter,
  instance: idParameter("The adversary in the fight (inst_…)"),
});

/**
 * `encounter_remove` (docs/campaign.md §4.26).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function encounterRemoveTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "encounter_remove",
    title: "Remove an adversary from an encounter",
    description:
      "Takes one adversary out of an active encounter (it fled, or the GM changed their mind); its number is not reused and its battle points are given back. GM only. Logged as ENCOUNTER_ADVERSARY_REMOVED. Returns the encounter.",
    input,
    output: encounterOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          removeFromEncounter(dependencies.environment, caller, rest),
        ),
      ),
  });
}
