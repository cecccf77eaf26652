import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { endSession } from "../commands/end-session.js";
import { runCommand } from "./run-command.js";
import {
  campaignIdParameter,
  contextHandleParameter,
  sessionIdParameter,
  sessionOutput,
} from "./schemas.js";
import { asCaller, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  context: contextHandleParameter,
  campaign_id: campaignIdParameter,
  session_id: sessionIdParameter,
});

/**
 * `session_end` (docs/campaign.md §4.10).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionEndTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_end",
    title: "End a play session",
    description:
      "Ends a session; its event log closes with SESSION_ENDED and accepts nothing more. Ending an ended session returns it unchanged. Only the GM may.",
    input,
    output: sessionOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(dependencies, context, () =>
        asCaller(dependencies, context, args, (caller, input) =>
          endSession(dependencies.environment, caller, input),
        ),
      ),
  });
}
