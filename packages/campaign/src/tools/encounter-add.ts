import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { addToEncounter } from "../commands/change-encounter.js";
import { encounterIdParameter, encounterOutput } from "./encounter-schemas.js";
import { runCommand } from "./run-command.js";
import { contextHandleParameter, idParameter } from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  encounter_id: encounterIdParameter,
  adversary_id: idParameter("The stat block's id (adv_…)"),
  count: z
    .int()
    .min(1)
    .max(20)
    .describe("How many to add (default 1), e.g. a Minion group")
    .optional(),
});

/**
 * `encounter_add` (docs/campaign.md §4.26).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function encounterAddTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "encounter_add",
    title: "Add adversaries to an encounter",
    description:
      "Adds count adversaries of one stat block to an active encounter, each named after it and numbered (Reed Wisp 1, Reed Wisp 2, …), with no HP or Stress marked and no conditions. Minions cost one battle point per group as large as the party. GM only. Logged as ENCOUNTER_ADVERSARIES_ADDED. Returns the encounter with battle_points {budget, spent, left, over}.",
    input,
    output: encounterOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          addToEncounter(dependencies.environment, caller, { ...rest, count: rest.count ?? 1 }),
        ),
      ),
  });
}
