import { InvalidParametersError } from "@tabletop-mcp/kit";
import { type Adversary, type StatBlock, statBlockProblems } from "../domain/adversaries.js";
import { CampaignError } from "../domain/campaign-error.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { lockCampaignFor, requireGm } from "./access.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { adversaryChanges } from "./define-adversary.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/**
 * The fields `adversary_update` sets; absent ones stay, and `null` clears the three a type may
 * lack.
 */
export type StatBlockChanges = {
  [Field in keyof StatBlock]?: StatBlock[Field] | undefined;
};

/** Input of `adversary_update`; at least one field is given. */
export interface UpdateAdversaryInput {
  campaign_id?: string | undefined;
  adversary_id: string;
  changes: StatBlockChanges;
}

/** The stat block of an adversary, without its record's fields. */
function blockOf(adversary: Adversary): StatBlock {
  const {
    id: _id,
    campaign_id: _campaign,
    created_at: _created,
    updated_at: _updated,
    ...block
  } = adversary;
  return block;
}

/** The block with the given fields set, keys in output order. */
function changed(block: StatBlock, changes: StatBlockChanges): StatBlock {
  const merged = { ...block };
  for (const key of Object.keys(block) as (keyof StatBlock)[]) {
    const value = changes[key];
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}

/**
 * Changes a stat block (docs/campaign.md §4.22): the given fields, then every rule of §2.9 on
 * the block that results, so that a change of `type` brings the fields that type needs. Only
 * the GM may. Values equal to the current ones change nothing: no write, no event.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the campaign, the adversary and the fields to set
 * @returns the stat block after the change, once committed
 * @throws CampaignError for an unknown campaign or adversary, or a player;
 *   InvalidParametersError when the block that results breaks a rule
 */
export async function updateAdversary(
  environment: CommandEnvironment,
  caller: Caller,
  input: UpdateAdversaryInput,
): Promise<CommandResult<Adversary>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, found] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getAdversary(input.adversary_id),
    ]);
    requireGm(access, "change adversaries");
    if (!found || found.campaign_id !== campaignId) {
      throw new CampaignError("NOT_FOUND", "adversary not found");
    }
    const before = blockOf(found);
    const after = changed(before, input.changes);
    const problems = statBlockProblems(after);
    if (problems.length > 0) throw new InvalidParametersError(problems);
    if (JSON.stringify(after) === JSON.stringify(before)) return { value: found, changedUris: [] };
    const now = formatTimestamp(environment.now());
    const adversary: Adversary = {
      id: found.id,
      campaign_id: campaignId,
      ...after,
      created_at: found.created_at,
      updated_at: now,
    };
    await repository.updateAdversary(adversary);
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "ADVERSARY_UPDATED",
      gm_only: true,
      payload: { adversary_id: adversary.id, before, after },
    });
    return adversaryChanges(campaignId, adversary, logged);
  });
}
