import { defineResource, type ResourceSpec } from "@tabletop-mcp/kit";
import type { CommandEnvironment } from "../commands/command-environment.js";
import { handleOfContext } from "../commands/context-handles.js";
import type { SessionContext } from "../domain/records.js";
import { CONTEXT_URI } from "../resource-uris.js";

/**
 * `context://current`: the reading MCP session's own context, with its handle (docs/campaign.md
 * §3, §6).
 *
 * @param environment - the store and clock, which know the context's handle
 * @param context - reads the caller's context in the reading session
 * @returns the fixed resource
 */
export function contextCurrentResource(
  environment: CommandEnvironment,
  context: (subject: string) => SessionContext,
): ResourceSpec {
  return defineResource({
    uri: CONTEXT_URI,
    name: "context",
    title: "Current context",
    description:
      "This connection's context as set by set_context: its handle (context, ctx_…) and its campaign_id, session_id, participant_id; null when unset.",
    mimeType: "application/json",
    scope: "campaign:read",
    read: async ({ identity }) => {
      const current = context(identity.subject);
      const handle = await handleOfContext(environment, identity.subject, current);
      return { text: JSON.stringify({ context: handle, ...current }) };
    },
  });
}
