import { defineResource, type ResourceSpec, type ResourceTemplate } from "@tabletop-mcp/kit";
import { CAMPAIGNS_LIST_URI } from "../resource-uris.js";
import type { CampaignStore } from "../storage/campaign-store.js";
import { campaignResourceTemplate, pageBody } from "./campaign-resource-template.js";
import type { PageQuery } from "./resource-address.js";

const DESCRIPTION =
  "Every campaign, oldest first, with participant and character counts and GM Fear. Paged: ?limit=1..200 (default 50) and ?cursor=<next_cursor>.";

async function readCampaigns(store: CampaignStore, page: PageQuery): Promise<unknown> {
  const found = await store.read((repository) =>
    repository.listCampaigns({ afterId: page.cursor, limit: page.limit }),
  );
  return pageBody("campaigns", found, (campaign) => campaign.id);
}

/**
 * `campaigns://list`, the first page.
 *
 * @param store - the process-wide store
 * @returns the fixed resource
 */
export function campaignsListResource(store: CampaignStore): ResourceSpec {
  return defineResource({
    uri: CAMPAIGNS_LIST_URI,
    name: "campaigns",
    title: "Campaigns",
    description: DESCRIPTION,
    mimeType: "application/json",
    scope: "campaign:read",
    read: async () => {
      const body = await readCampaigns(store, { limit: 50, cursor: undefined });
      return { text: JSON.stringify(body) };
    },
  });
}

/**
 * `campaigns://list{?cursor,limit}`, for paged reads.
 *
 * @param store - the process-wide store
 * @returns the template
 */
export function campaignsListTemplate(store: CampaignStore): ResourceTemplate {
  return campaignResourceTemplate(store, {
    kind: "campaigns",
    uriTemplate: "campaigns://list{?cursor,limit}",
    name: "campaigns-page",
    title: "Campaigns (paged)",
    description: DESCRIPTION,
    read: (source, address) => readCampaigns(source, address.page),
  });
}
