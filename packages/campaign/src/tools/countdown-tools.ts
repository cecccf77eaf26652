import { defineTool, type ParameterProblem, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import {
  createCountdown,
  deleteCountdown,
  tickCountdownCommand,
} from "../commands/countdown-commands.js";
import { COUNTDOWN_KINDS } from "../domain/countdowns.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  idParameter,
  nameParameter,
  sessionIdParameter,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const ticks = (description: string) => z.int().min(0).max(12).describe(description);

const dynamic = z
  .strictObject({
    success: ticks("Ticks for a success (with Hope or Fear)"),
    critical: ticks("Ticks for a critical success"),
    failure_with_hope: ticks("Ticks for a failure with Hope"),
    failure_with_fear: ticks("Ticks for a failure with Fear"),
  })
  .describe("For a DYNAMIC countdown: how far each result of an action roll ticks it");

const countdownId = idParameter("The countdown's id (cd_…)");

const output = z.object({
  id: z.string(),
  encounter_id: z.string().nullable(),
  name: z.string(),
  kind: z.enum(COUNTDOWN_KINDS),
  start: z.int(),
  value: z.int(),
  state: z.enum(["ACTIVE", "TRIGGERED"]),
  visible_to_players: z.boolean(),
  dynamic: z
    .object({
      success: z.int(),
      critical: z.int(),
      failure_with_hope: z.int(),
      failure_with_fear: z.int(),
    })
    .nullable(),
  triggered: z.int().describe("How many times it reached 0"),
  created_at: z.string(),
  updated_at: z.string(),
});

const createInput = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  name: nameParameter(1, 100, "What it counts down to, e.g. The dam breaks"),
  start: z.int().min(1).max(12).describe("Where it starts"),
  kind: z
    .enum(COUNTDOWN_KINDS)
    .describe("STANDARD triggers once; LOOP starts again; DYNAMIC ticks by roll results"),
  visible_to_players: z.boolean().describe("Players may see it (default false)").optional(),
  encounter_id: idParameter("The fight it belongs to (enc_…), if any").optional(),
  dynamic: dynamic.optional(),
});

/** A DYNAMIC countdown needs its ticks per result; no other kind has them. */
function dynamicProblems(args: z.output<typeof createInput>): ParameterProblem[] {
  if (args.kind === "DYNAMIC" && args.dynamic === undefined) {
    return [{ parameter: "dynamic", issue: "Required for a DYNAMIC countdown" }];
  }
  if (args.kind !== "DYNAMIC" && args.dynamic !== undefined) {
    return [
      { parameter: "dynamic", issue: `Only a DYNAMIC countdown has it; kind is ${args.kind}` },
    ];
  }
  return [];
}

/** `countdown_create` (docs/campaign.md §4.32). */
export function countdownCreateTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "countdown_create",
    title: "Create a countdown",
    description:
      "Creates a countdown from start (1-12) down to 0, when it triggers: STANDARD once, LOOP again and again (it starts over), DYNAMIC by action-roll results as dynamic sets. Hidden from the players unless visible_to_players. GM only. Logged as COUNTDOWN_CREATED (GM-only when hidden). Returns the countdown (cd_…).",
    input: createInput,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    checkArguments: dynamicProblems,
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          createCountdown(dependencies.environment, caller, rest),
        ),
      ),
  });
}

const tickInput = z.strictObject({
  context: contextHandleParameter,
  countdown_id: countdownId,
  by: z.int().min(1).max(12).describe("How far to tick (default 1)").optional(),
  by_roll: z
    .int()
    .min(1)
    .describe("A DYNAMIC countdown: the roll_seq of an action roll, whose result sets how far")
    .optional(),
  session_id: sessionIdParameter,
});

/** `countdown_tick` (docs/campaign.md §4.33). */
export function countdownTickTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "countdown_tick",
    title: "Tick a countdown",
    description:
      "Ticks a countdown down by 1, by by, or (DYNAMIC) by_roll: the roll_seq of an action roll in the active session (or session_id), ticking as the countdown's dynamic sets for its result (critical, success, failure with Hope or Fear). At 0 it triggers: a LOOP starts again, the others stay triggered. GM only. Logged as COUNTDOWN_TICKED (GM-only when hidden). Returns the countdown.",
    input: tickInput,
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    checkArguments: (args) =>
      args.by !== undefined && args.by_roll !== undefined
        ? [{ parameter: "by_roll", issue: "Give by or by_roll, not both" }]
        : [],
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          tickCountdownCommand(dependencies.environment, caller, rest),
        ),
      ),
  });
}

/** `countdown_delete` (docs/campaign.md §4.34). */
export function countdownDeleteTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "countdown_delete",
    title: "Delete a countdown",
    description:
      "Deletes a countdown: it is no longer listed or ticked. GM only. Logged as COUNTDOWN_DELETED (GM-only when hidden). Returns the countdown as it was.",
    input: z.strictObject({ context: contextHandleParameter, countdown_id: countdownId }),
    output,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, rest) =>
          deleteCountdown(dependencies.environment, caller, rest),
        ),
      ),
  });
}
