import { defineResourceTemplate, type ResourceTemplate } from "@tabletop-mcp/kit";
import type { CommandEnvironment } from "../commands/command-environment.js";
import { contextOfHandle } from "../commands/context-handles.js";
import { CampaignError } from "../domain/campaign-error.js";
import { CONTEXT_HANDLE_PATTERN } from "../domain/ids.js";
import { CONTEXT_URI } from "../resource-uris.js";
import { resourceNotFound } from "./campaign-resource-template.js";

/** The template of context handles' resources (docs/campaign.md §6). */
export const CONTEXT_HANDLE_TEMPLATE = "context://{handle}";

/**
 * `context://{handle}`: the context a handle names, the same JSON as `context://current`, for
 * the handle's own subject only; to anyone else, and for an expired or unknown handle, it does
 * not exist. A handle's context never changes, so it is not offered for subscription.
 *
 * @param environment - the store and clock
 * @returns the template
 */
export function contextHandleTemplate(environment: CommandEnvironment): ResourceTemplate {
  const template = defineResourceTemplate({
    uriTemplate: CONTEXT_HANDLE_TEMPLATE,
    name: "context-handle",
    title: "Context of a handle",
    description:
      "The context a handle from set_context names (the same JSON as context://current), for the caller the handle belongs to.",
    mimeType: "application/json",
    scope: "campaign:read",
    read: async (uri, { handle }, { identity }) => {
      if (handle === undefined || !CONTEXT_HANDLE_PATTERN.test(handle)) {
        throw resourceNotFound(uri, "context not found");
      }
      try {
        const context = await contextOfHandle(environment, identity.subject, handle);
        return { text: JSON.stringify({ context: handle, ...context }) };
      } catch (error) {
        if (error instanceof CampaignError) throw resourceNotFound(uri, error.message);
        throw error;
      }
    },
  });
  return { ...template, match: (uri) => (uri === CONTEXT_URI ? undefined : template.match(uri)) };
}
