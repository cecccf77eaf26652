import { adjustGmFear as nextGmFear } from "../domain/gm-fear.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `gm_fear_adjust`, text already trimmed. */
export interface AdjustGmFearInput {
  campaign_id?: string | undefined;
  delta: number;
  reason?: string | undefined;
}

/** Output of `gm_fear_adjust`. */
export interface GmFearAdjusted {
  campaign_id: string;
  gm_fear_before: number;
  gm_fear: number;
}

/**
 * Gains or spends GM Fear outside roll outcomes (docs/campaign.md §4.14). A gain at 12 changes
 * nothing and writes nothing. Only the GM may.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the campaign, a non-zero delta and an optional reason
 * @returns the Fear before and after, once committed
 * @throws CampaignError for a missing campaign, a player, or a spend above the current Fear
 */
export async function adjustGmFear(
  environment: CommandEnvironment,
  caller: Caller,
  input: AdjustGmFearInput,
): Promise<CommandResult<GmFearAdjusted>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { campaign, access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "change GM Fear");
    const after = nextGmFear(campaign.gm_fear, input.delta);
    const value = { campaign_id: campaignId, gm_fear_before: campaign.gm_fear, gm_fear: after };
    if (after === campaign.gm_fear) return { value, changedUris: [] };
    const now = formatTimestamp(environment.now());
    await repository.updateCampaign({ ...campaign, gm_fear: after, updated_at: now });
    const changedUris = [CAMPAIGNS_LIST_URI, campaignUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "GM_FEAR_CHANGED",
      payload: {
        campaign_id: campaignId,
        before: campaign.gm_fear,
        after,
        delta: input.delta,
        reason: input.reason ?? "",
      },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, value, changedUris);
  });
}
