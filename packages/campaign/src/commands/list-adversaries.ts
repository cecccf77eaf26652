import { InvalidParametersError } from "@tabletop-mcp/kit";
import type { Adversary } from "../domain/adversaries.js";
import { readCampaignFor, requireGm } from "./access.js";
import type { Caller, CommandEnvironment } from "./command-environment.js";
import { requireCampaignId } from "./scope.js";

/** Input of `adversary_list`. */
export interface ListAdversariesInput {
  campaign_id?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** A page of a campaign's stat blocks, oldest first. */
export interface AdversaryPage {
  adversaries: Adversary[];
  next_cursor: string | null;
}

/**
 * Lists a campaign's stat blocks (docs/campaign.md §4.23). Only the GM may.
 *
 * @throws CampaignError for an unknown campaign (or a stranger), a player, or an unknown cursor
 */
export async function listAdversaries(
  environment: CommandEnvironment,
  caller: Caller,
  input: ListAdversariesInput,
): Promise<{ value: AdversaryPage; changedUris: string[] }> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const page = await environment.store.read(async (repository) => {
    const { access } = await readCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "read adversaries");
    return repository.listAdversaries(campaignId, {
      afterId: input.cursor,
      limit: input.limit,
    });
  });
  if (!page) {
    throw new InvalidParametersError([
      { parameter: "cursor", issue: "Unknown cursor: pass the next_cursor of the previous page" },
    ]);
  }
  const last = page.items.at(-1);
  const next = page.hasMore && last ? last.id : null;
  return { value: { adversaries: page.items, next_cursor: next }, changedUris: [] };
}
