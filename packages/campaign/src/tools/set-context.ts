import { defineTool, type Tool } from "@tabletop-mcp/kit";
import * as z from "zod";
import { keepContextHandle } from "../commands/context-handles.js";
import { checkContext } from "../commands/set-context.js";
import { runQuery } from "./run-command.js";
import { contextOutput, idParameter } from "./schemas.js";
import { callerOf, type ToolDependencies } from "./tool-dependencies.js";

const input = z.strictObject({
  campaign_id: idParameter("Campaign to work in (camp_…)"),
  session_id: idParameter("Session to work in (sess_…); omitted means none").optional(),
  participant_id: idParameter(
    "Participant acting through this connection (part_…), stamped on logged events; omitted means none",
  ).optional(),
});

/**
 * `set_context` (docs/campaign.md §4.1): selects this MCP session's campaign, session and
 * participant, used as defaults by the other tools, and answers the context's handle, which
 * names it for the caller from any connection (§3).
 *
 * @param dependencies - the session's tool dependencies
 * @returns the tool
 */
export function setContextTool(dependencies: ToolDependencies): Tool {
  return defineTool({
    name: "set_context",
    title: "Set the working context",
    description:
      "Selects the campaign (and optionally the session and the acting participant) that later calls of this connection default to. Replaces the whole context: omitted fields become null. Other connections are not affected. Returns the context's handle (context, ctx_…) beside its ids, the same as the context://current resource: pass it as the context argument of later calls, from any connection, to work in this context without a session (it expires 30 days after its last use; setting the same context again returns the same handle). Only the GM and players of a campaign may select it.",
    input,
    output: contextOutput,
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
    scope: "campaign:read",
    handler: async (args, context) => {
      const { actor } = await callerOf(dependencies, context);
      const next = await runQuery(() => checkContext(dependencies.environment, args, actor));
      const handle = await keepContextHandle(dependencies.environment, actor.subject, next);
      if (dependencies.replaceContext(actor.subject, next)) await dependencies.contextUpdated();
      return { context: handle, ...next };
    },
  });
}
