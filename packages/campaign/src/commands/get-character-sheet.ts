import { characterSeenBy } from "../domain/character-notes.js";
import type { CharacterSheet } from "../domain/records.js";
import { readCampaignFor } from "./access.js";
import type { Caller, CommandEnvironment } from "./command-environment.js";
import { foundSheet, requireCampaignId } from "./scope.js";

/** Input of `character_sheet_get`. */
export interface GetCharacterSheetInput {
  campaign_id?: string | undefined;
  character_id: string;
}

/**
 * Reads a character with its profile and state (docs/campaign.md §4.6); the GM and
 * players may, players without notes the GM kept from them.
 *
 * @param environment - the store
 * @param caller - the calling MCP session
 * @param input - the character
 * @returns the sheet
 * @throws CampaignError for a missing campaign (or one the caller is a stranger to) or character
 */
export async function getCharacterSheet(
  environment: CommandEnvironment,
  caller: Caller,
  input: GetCharacterSheetInput,
): Promise<CharacterSheet> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  return environment.store.read(async (repository) => {
    const [{ access }, sheet] = await Promise.all([
      readCampaignFor(repository, campaignId, caller.actor),
      repository.getSheet(input.character_id),
    ]);
    const found = foundSheet(sheet, campaignId);
    return { ...found, character: characterSeenBy(found.character, access) };
  });
}
