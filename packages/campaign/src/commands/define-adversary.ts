import type { Adversary, StatBlock } from "../domain/adversaries.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { adversariesUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `adversary_define`: the campaign and a stat block whose every rule holds. */
export interface DefineAdversaryInput {
  campaign_id?: string | undefined;
  block: StatBlock;
}

/**
 * Keeps a stat block in a campaign (docs/campaign.md §4.21). Only the GM may: the stat blocks
 * are the GM's secret. Logged as a GM-only `ADVERSARY_DEFINED` in the active session, if any.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the campaign and the block
 * @returns the stat block as kept, once committed
 * @throws CampaignError without a campaign, for an unknown one (or a stranger), or for a player
 */
export async function defineAdversary(
  environment: CommandEnvironment,
  caller: Caller,
  input: DefineAdversaryInput,
): Promise<CommandResult<Adversary>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "define adversaries");
    const now = formatTimestamp(environment.now());
    const [adversary] = await keepBlocks(repository, environment, campaignId, [input.block], now);
    if (!adversary) throw new Error("the stat block was not kept");
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "ADVERSARY_DEFINED",
      gm_only: true,
      payload: { adversary },
    });
    return adversaryChanges(campaignId, adversary, logged);
  });
}

/**
 * Stores stat blocks as new adversaries of a campaign, in order.
 *
 * @returns the adversaries, keys in output order
 */
export async function keepBlocks(
  repository: CampaignRepository,
  environment: CommandEnvironment,
  campaignId: string,
  blocks: readonly StatBlock[],
  now: string,
): Promise<Adversary[]> {
  const adversaries = blocks.map((block) => ({
    id: environment.newId("adv"),
    campaign_id: campaignId,
    ...block,
    created_at: now,
    updated_at: now,
  }));
  await Promise.all(adversaries.map((adversary) => repository.insertAdversary(adversary)));
  return adversaries;
}

/** A stat block write's result: the GM alone hears of the list and of the log it joined. */
export function adversaryChanges<Value>(
  campaignId: string,
  value: Value,
  loggedIn: string | undefined,
): CommandResult<Value> {
  const changed = [adversariesUri(campaignId)];
  if (loggedIn !== undefined) changed.push(eventsUri(loggedIn));
  return changesIn(campaignId, value, changed, true);
}
