import type { Campaign } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `campaign_update`, text already trimmed; at least one field is given. */
export interface UpdateCampaignInput {
  campaign_id?: string | undefined;
  name?: string | undefined;
  theme_prompt?: string | undefined;
}

/** What `campaign_update` may change, as its event records it. */
function editable(campaign: Campaign): Pick<Campaign, "name" | "theme_prompt"> {
  return { name: campaign.name, theme_prompt: campaign.theme_prompt };
}

/**
 * Renames a campaign or changes its theme (docs/campaign.md §4.17). Only the GM may. Values equal
 * to the current ones change nothing: no write, no event, no notification.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the campaign and the fields to set
 * @returns the campaign after the change, once committed
 * @throws CampaignError without a campaign, for an unknown one (or a stranger), or for a player
 */
export async function updateCampaign(
  environment: CommandEnvironment,
  caller: Caller,
  input: UpdateCampaignInput,
): Promise<CommandResult<Campaign>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { campaign, access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "change the campaign");
    const name = input.name ?? campaign.name;
    const themePrompt = input.theme_prompt ?? campaign.theme_prompt;
    if (name === campaign.name && themePrompt === campaign.theme_prompt) {
      return { value: campaign, changedUris: [] };
    }
    const now = formatTimestamp(environment.now());
    const updated: Campaign = { ...campaign, name, theme_prompt: themePrompt, updated_at: now };
    await repository.updateCampaign(updated);
    const changedUris = [CAMPAIGNS_LIST_URI, campaignUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "CAMPAIGN_UPDATED",
      payload: { campaign_id: campaignId, before: editable(campaign), after: editable(updated) },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, updated, changedUris);
  });
}
