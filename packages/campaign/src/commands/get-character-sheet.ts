import type { Caller, CommandEnvironment } from "./command-environment.js";
import { type CharacterSheet, loadCampaign, loadSheet, requireCampaignId } from "./scope.js";

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
export function getCharacterSheet(
  environment: CommandEnvironment,
  caller: Caller,
  input: GetCharacterSheetInput,
): CharacterSheet {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  return environment.store.read((repository) => {
    loadCampaign(repository, campaignId);
    return loadSheet(repository, input.character_id, campaignId);
  });
}
