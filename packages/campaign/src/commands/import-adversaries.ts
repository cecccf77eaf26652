import type { Adversary, StatBlock } from "../domain/adversaries.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { lockCampaignFor, requireGm } from "./access.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { adversaryChanges, keepBlocks } from "./define-adversary.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `adversary_import`: blocks that each hold every rule. */
export interface ImportAdversariesInput {
  campaign_id?: string | undefined;
  blocks: readonly StatBlock[];
}

/** What `adversary_import` answers: the adversaries kept, in the document's order. */
export interface AdversariesImported {
  imported: number;
  adversaries: Pick<Adversary, "id" | "name" | "type" | "tier">[];
}

/**
 * Keeps every stat block of a document in a campaign, all in one transaction
 * (docs/campaign.md §4.24). Only the GM may. Logged as one GM-only `ADVERSARIES_IMPORTED`.
 *
 * @throws CampaignError without a campaign, for an unknown one (or a stranger), or a player
 */
export async function importAdversaries(
  environment: CommandEnvironment,
  caller: Caller,
  input: ImportAdversariesInput,
): Promise<CommandResult<AdversariesImported>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "import adversaries");
    const now = formatTimestamp(environment.now());
    const kept = await keepBlocks(repository, environment, campaignId, input.blocks, now);
    const adversaries = kept.map(({ id, name, type, tier }) => ({ id, name, type, tier }));
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "ADVERSARIES_IMPORTED",
      gm_only: true,
      payload: { count: kept.length, adversaries },
    });
    return adversaryChanges(campaignId, { imported: kept.length, adversaries }, logged);
  });
}
