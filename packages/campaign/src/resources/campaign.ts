import type { ResourceTemplate } from "@tabletop-mcp/kit";
import { campaignUri } from "../resource-uris.js";
import type { CampaignStore } from "../storage/campaign-store.js";
import { campaignResourceTemplate, resourceNotFound } from "./campaign-resource-template.js";

const LISTED_CAMPAIGNS = 200;

/**
 * `campaign://{campaign_id}`: one campaign.
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
    read: async (source, address) => {
      const campaign = await source.read((repository) => repository.getCampaign(address.id ?? ""));
      if (!campaign) throw resourceNotFound("campaign not found");
      return { campaign };
    },
    list: async (source) => {
      const page = await source.read((repository) =>
        repository.listCampaigns({ limit: LISTED_CAMPAIGNS }),
      );
      return (page?.items ?? []).map((campaign) => ({
        uri: campaignUri(campaign.id),
        name: campaign.name,
        mimeType: "application/json",
      }));
    },
  });
}
