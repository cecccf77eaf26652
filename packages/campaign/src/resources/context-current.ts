import { defineResource, type ResourceSpec } from "@tabletop-mcp/kit";
import type { SessionContext } from "../domain/records.js";
import { CONTEXT_URI } from "../resource-uris.js";

/**
 * `context://current`: the reading MCP session's own context.
 *
 * @param context - reads the caller's context in the reading session
 * @returns the fixed resource
 */
export function contextCurrentResource(context: (subject: string) => SessionContext): ResourceSpec {
  return defineResource({
    uri: CONTEXT_URI,
    name: "context",
    title: "Current context",
    description:
      "This connection's context (campaign_id, session_id, participant_id; null when unset), as set by set_context.",
    mimeType: "application/json",
    scope: "campaign:read",
    read: ({ identity }) => ({ text: JSON.stringify({ context: context(identity.subject) }) }),
  });
}
