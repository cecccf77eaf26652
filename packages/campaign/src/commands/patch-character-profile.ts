import { mergeProfile } from "../domain/character-defaults.js";
import type { CharacterProfile, ProfileFields } from "../domain/records.js";
import { assertProfileHoldsState, assertThresholdOrder } from "../domain/sheet-rules.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { charactersUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireControl } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { foundSheet, requireCampaignId } from "./scope.js";

/** Input of `character_profile_patch`. */
export interface PatchCharacterProfileInput extends ProfileFields {
  campaign_id?: string | undefined;
  character_id: string;
}

function givenFields(input: PatchCharacterProfileInput): ProfileFields {
  const { campaign_id: _campaign, character_id: _character, ...fields } = input;
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as ProfileFields;
}

/**
 * Replaces the given profile fields (a given `traits` replaces the whole map); the state is
 * never changed, so maxima cannot drop below it (docs/campaign.md §4.7). With no field given
 * nothing is written. The GM may patch every character, a player those their seat controls.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the character and the fields to set
 * @returns the profile after the patch, once committed
 * @throws CampaignError for a missing campaign or character, a character the caller does not
 *   control, thresholds out of order, or maxima below the current state
 */
export async function patchCharacterProfile(
  environment: CommandEnvironment,
  caller: Caller,
  input: PatchCharacterProfileInput,
): Promise<CommandResult<{ profile: CharacterProfile }>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const fields = givenFields(input);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, found] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getSheet(input.character_id),
    ]);
    const sheet = foundSheet(found, campaignId);
    requireControl(access, sheet.character, "change only");
    if (Object.keys(fields).length === 0) {
      return { value: { profile: sheet.profile }, changedUris: [] };
    }
    const profile = mergeProfile(sheet.profile, fields);
    assertThresholdOrder(profile);
    assertProfileHoldsState(profile, sheet.state);
    const now = formatTimestamp(environment.now());
    await Promise.all([
      repository.putProfile(profile),
      repository.updateCharacter({ ...sheet.character, updated_at: now }),
    ]);
    const changedUris = [charactersUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "CHARACTER_PROFILE_PATCHED",
      character_id: sheet.character.id,
      payload: { character_id: sheet.character.id, before: sheet.profile, after: profile },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, { profile }, changedUris);
  });
}
