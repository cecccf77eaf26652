import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { endSession } from "../commands/end-session.js";
import { runCommand } from "./run-command.js";
import { campaignIdParameter, sessionIdParameter, sessionOutput } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({ campaign_id: campaignIdParameter, session_id: sessionIdParameter });

/**
 * `session_end` (campaign.md §4.10).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function sessionEndTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "session_end",
    title: "End a play session",
    description:
      "Ends a session; its event log closes with SESSION_ENDED and accepts nothing more. Ending an ended session returns it unchanged.",
    input,
    output: sessionOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: true },
    scope: "campaign:write",
    handler: (args, context) =>
      runCommand(context, () => endSession(dependencies.environment, callerOf(dependencies), args)),
  });
}
