import type { ResourceSpec, ResourceTemplate } from "@tabletop-mcp/kit";
import type { SessionContext } from "../domain/records.js";
import type { CampaignStore } from "../storage/campaign-store.js";
import { campaignTemplate } from "./campaign.js";
import { campaignListTemplates } from "./campaign-lists.js";
import { campaignsListResource, campaignsListTemplate } from "./campaigns-list.js";
import { contextCurrentResource } from "./context-current.js";
import { sessionEventsTemplate } from "./session-events.js";

/**
 * The fixed resources of one MCP session.
 *
 * @param store - the process-wide store
 * @param context - reads a caller's context in this session
 * @returns `campaigns://list` and `context://current`
 */
export function createResources(
  store: CampaignStore,
  context: (subject: string) => SessionContext,
): ResourceSpec[] {
  return [campaignsListResource(store), contextCurrentResource(context)];
}

/**
 * The resource templates, in docs/campaign.md §6's order.
 *
 * @param store - the process-wide store
 * @returns the templates
 */
export function createResourceTemplates(store: CampaignStore): ResourceTemplate[] {
  return [
    campaignTemplate(store),
    ...campaignListTemplates(store),
    sessionEventsTemplate(store),
    campaignsListTemplate(store),
  ];
}
