import type { Campaign, GmMode } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri } from "../resource-uris.js";
import type { CommandEnvironment, CommandResult } from "./command-environment.js";

/** Input of `campaign_create`, text already trimmed. */
export interface CreateCampaignInput {
  name: string;
  gm_mode: GmMode;
  theme_prompt?: string | undefined;
}

/**
 * Creates a campaign with no participants, no characters and no Fear (campaign.md §4.2).
 *
 * @param environment - store, clock and ids
 * @param input - name, GM mode and optional theme
 * @returns the campaign record
 */
export function createCampaign(
  environment: CommandEnvironment,
  input: CreateCampaignInput,
): Promise<CommandResult<Campaign>> {
  const now = formatTimestamp(environment.now());
  const campaign: Campaign = {
    id: environment.newId("camp"),
    name: input.name,
    gm_mode: input.gm_mode,
    participant_count: 0,
    character_count: 0,
    gm_fear: 0,
    theme_prompt: input.theme_prompt ?? "",
    created_at: now,
    updated_at: now,
  };
  return environment.store.write(async (repository) => {
    await repository.insertCampaign(campaign);
    return { value: campaign, changedUris: [CAMPAIGNS_LIST_URI, campaignUri(campaign.id)] };
  });
}
