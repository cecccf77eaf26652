import { type ResourceTemplate, unknownCursorError } from "@tabletop-mcp/kit";
import { accessTo } from "../commands/access.js";
import { campaignUri } from "../resource-uris.js";
import type { CampaignStore } from "../storage/campaign-store.js";
import { campaignResourceTemplate, resourceNotFound } from "./campaign-resource-template.js";

/** Campaigns per page of `resources/list` (docs/campaign.md §6). */
const LISTED_CAMPAIGNS = 200;

/**
 * `campaign://{campaign_id}`: one campaign, for its GM and players; to anyone else it does not
 * exist.
 *
 * @param store - the process-wide store
 * @returns the template
 */
export function campaignTemplate(store: CampaignStore): ResourceTemplate {
  return campaignResourceTemplate(store, {
    kind: "campaign",
    uriTemplate: "campaign://{campaign_id}",
    name: "campaign",
    title: "Campaign",
    description: "One campaign: name, GM mode, theme, counts and GM Fear.",
    read: async (source, address, reader) => {
      const campaignId = address.id ?? "";
      const [campaign, access] = await source.read((repository) =>
        Promise.all([
          repository.getCampaign(campaignId),
          accessTo(repository, campaignId, { subject: reader }),
        ]),
      );
      if (!campaign || !access) throw resourceNotFound(address.uri, "campaign not found");
      return { campaign };
    },
    list: async (source, reader, cursor) => {
      const page = await source.read((repository) =>
        repository.listCampaigns({ afterId: cursor, limit: LISTED_CAMPAIGNS, visibleTo: reader }),
      );
      if (!page) throw unknownCursorError();
      const last = page.items.at(-1);
      return {
        resources: page.items.map((campaign) => ({
          uri: campaignUri(campaign.id),
          name: campaign.name,
          mimeType: "application/json",
        })),
        ...(page.hasMore && last ? { nextCursor: last.id } : {}),
      };
    },
  });
}
