import type { CharacterState, StateFields } from "../domain/records.js";
import { patchState } from "../domain/sheet-rules.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { charactersUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireControl } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { foundSheet, requireCampaignId } from "./scope.js";

/** Input of `character_state_patch`. */
export interface PatchCharacterStateInput extends StateFields {
  campaign_id?: string | undefined;
  character_id: string;
}

/**
 * Sets Hope, Stress or Hit Points within the profile's maxima (docs/campaign.md §4.8). With no
 * field given nothing is written. The GM may patch every character, a player those their seat
 * controls.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the character and the values to set
 * @returns the state after the patch, once committed
 * @throws CampaignError for a missing campaign or character, a character the caller does not
 *   control, or a value above its maximum
 */
export async function patchCharacterState(
  environment: CommandEnvironment,
  caller: Caller,
  input: PatchCharacterStateInput,
): Promise<CommandResult<{ state: CharacterState }>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, found] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getSheet(input.character_id),
    ]);
    const sheet = foundSheet(found, campaignId);
    requireControl(access, sheet.character, "change only");
    const fields: StateFields = {};
    if (input.hope !== undefined) fields.hope = input.hope;
    if (input.stress !== undefined) fields.stress = input.stress;
    if (input.hp !== undefined) fields.hp = input.hp;
    if (Object.keys(fields).length === 0) {
      return { value: { state: sheet.state }, changedUris: [] };
    }
    const state = patchState(sheet.state, fields, sheet.profile);
    const now = formatTimestamp(environment.now());
    await Promise.all([
      repository.putState(state),
      repository.updateCharacter({ ...sheet.character, updated_at: now }),
    ]);
    const changedUris = [charactersUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "CHARACTER_STATE_PATCHED",
      character_id: sheet.character.id,
      payload: { character_id: sheet.character.id, before: sheet.state, after: state },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, { state }, changedUris);
  });
}
