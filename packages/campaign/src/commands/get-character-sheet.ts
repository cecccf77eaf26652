import type { CharacterSheet } from "../domain/records.js";
import type { Caller, CommandEnvironment } from "./command-environment.js";
import { foundCampaign, foundSheet, requireCampaignId } from "./scope.js";

/** Input of `character_sheet_get`. */
export interface GetCharacterSheetInput {
  campaign_id?: string | undefined;
  character_id: string;
}

/**
 * Reads a character with its profile and state (campaign.md §4.6).
 *
 * @param environment - the store
 * @param caller - the calling MCP session
 * @param input - the character
 * @returns the sheet
 * @throws CampaignError for a missing campaign or character
 */
export async function getCharacterSheet(
  environment: CommandEnvironment,
  caller: Caller,
  input: GetCharacterSheetInput,
): Promise<CharacterSheet> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  return environment.store.read(async (repository) => {
    const [campaign, sheet] = await Promise.all([
      repository.getCampaign(campaignId),
      repository.getSheet(input.character_id),
    ]);
    foundCampaign(campaign);
    return foundSheet(sheet, campaignId);
  });
}
