import { adjustGmFear as nextGmFear } from "../domain/gm-fear.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `gm_fear_spend`, the reason already trimmed. */
export interface SpendGmFearInput {
  campaign_id?: string | undefined;
  amount: number;
  reason: string;
}

/** What `gm_fear_spend` answers. */
export interface GmFearSpent {
  gm_fear: number;
  spent: number;
  reason: string;
}

/**
 * Spends GM Fear on something the GM names: a feature, an extra move, an interrupt
 * (docs/campaign.md §4.30). Only the GM may; the Fear never goes below 0.
 *
 * @throws CampaignError for a missing campaign, a player, or less Fear than the amount
 */
export async function spendGmFear(
  environment: CommandEnvironment,
  caller: Caller,
  input: SpendGmFearInput,
): Promise<CommandResult<GmFearSpent>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { campaign, access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "spend GM Fear");
    const after = nextGmFear(campaign.gm_fear, -input.amount);
    const now = formatTimestamp(environment.now());
    await repository.updateCampaign({ ...campaign, gm_fear: after, updated_at: now });
    const changedUris = [CAMPAIGNS_LIST_URI, campaignUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "GM_FEAR_SPENT",
      payload: {
        campaign_id: campaignId,
        before: campaign.gm_fear,
        after,
        spent: input.amount,
        reason: input.reason,
      },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(
      campaignId,
      { gm_fear: after, spent: input.amount, reason: input.reason },
      changedUris,
    );
  });
}
