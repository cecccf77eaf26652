import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { startSession } from "../commands/start-session.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  nameParameter,
  sessionOutput,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  name: nameParameter(0, 200, "Session name, e.g. Session 1: The Journey Begins").optional(),
});

/**
 * `session_start` (docs/campaign.md §4.9).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionStartTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_start",
    title: "Start a play session",
    description:
      "Starts a session of a campaign (at most one ACTIVE session per campaign) and opens its event log. Does not select it: call set_context with its id to roll without passing session_id. Only the GM may.",
    input,
    output: sessionOutput,
    annotations: { readOnlyHint: false, idempotentHint: false, destructiveHint: false },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          startSession(dependencies.environment, caller, input),
        ),
      ),
  });
}
