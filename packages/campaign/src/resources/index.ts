import type { ResourceSpec, ResourceTemplate } from "@tabletop-mcp/kit";
import type { CommandEnvironment } from "../commands/command-environment.js";
import type { SessionContext } from "../domain/records.js";
import { campaignTemplate } from "./campaign.js";
import { campaignListTemplates } from "./campaign-lists.js";
import { campaignsListResource, campaignsListTemplate } from "./campaigns-list.js";
import { contextCurrentResource } from "./context-current.js";
import { CONTEXT_HANDLE_TEMPLATE, contextHandleTemplate } from "./context-handle.js";
import { encounterTemplate } from "./encounter.js";
import { sessionEventsTemplate } from "./session-events.js";

/**
 * The fixed resources of one MCP session.
 *
 * @param environment - the process-wide store and clock
 * @param context - reads a caller's context in this session
 * @returns `campaigns://list` and `context://current`
 */
export function createResources(
  environment: CommandEnvironment,
  context: (subject: string) => SessionContext,
): ResourceSpec[] {
  return [campaignsListResource(environment.store), contextCurrentResource(environment, context)];
}

/**
 * The resource templates, in docs/campaign.md §6's order.
 *
 * @param environment - the process-wide store and clock
 * @returns the templates
 */
export function createResourceTemplates(environment: CommandEnvironment): ResourceTemplate[] {
  const { store } = environment;
  return [
    campaignTemplate(store),
    ...campaignListTemplates(store),
    sessionEventsTemplate(store),
    encounterTemplate(store),
    campaignsListTemplate(store),
    contextHandleTemplate(environment),
  ];
}

/**
 * The templates whose resources may be subscribed to: all but `context://{handle}`, whose
 * content never changes (docs/campaign.md §6).
 *
 * @param templates - the templates, from {@link createResourceTemplates}
 * @returns those that may be subscribed to
 */
export function subscribableTemplates(templates: ResourceTemplate[]): ResourceTemplate[] {
  return templates.filter((template) => template.listing.uriTemplate !== CONTEXT_HANDLE_TEMPLATE);
}
