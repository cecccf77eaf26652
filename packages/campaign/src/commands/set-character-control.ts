import { CampaignError } from "../domain/campaign-error.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { charactersUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { foundSheet, requireCampaignId } from "./scope.js";

/** Input of `character_control_set`. */
export interface SetCharacterControlInput {
  campaign_id?: string | undefined;
  character_id: string;
  /** `GM` in any letter case, or a participant id. */
  controller: string;
}

/** Output of `character_control_set`. */
export interface CharacterControl {
  campaign_id: string;
  character_id: string;
  controller: string;
}

/**
 * Assigns a character's default controller: the GM or a participant of the same campaign
 * (docs/campaign.md §4.5). Only the GM may.
 *
 * @param environment - store and clock
 * @param caller - the calling MCP session
 * @param input - the character and its new controller
 * @returns the assignment, `GM` upper-cased, once committed
 * @throws CampaignError for a missing campaign, character or participant, or for a player
 */
export async function setCharacterControl(
  environment: CommandEnvironment,
  caller: Caller,
  input: SetCharacterControlInput,
): Promise<CommandResult<CharacterControl>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  const controller = input.controller.toUpperCase() === "GM" ? "GM" : input.controller;
  return environment.store.write(async (repository) => {
    const [{ access }, sheet, participant] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getSheet(input.character_id),
      controller === "GM" ? undefined : repository.getParticipant(controller),
    ]);
    requireGm(access, "assign a character's controller");
    const { character } = foundSheet(sheet, campaignId);
    if (controller !== "GM" && participant?.campaign_id !== campaignId) {
      throw new CampaignError("NOT_FOUND", "participant not found");
    }
    const now = formatTimestamp(environment.now());
    await repository.updateCharacter({ ...character, controller, updated_at: now });
    const changedUris = [charactersUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "CHARACTER_CONTROL_SET",
      character_id: character.id,
      payload: {
        character_id: character.id,
        controller,
        previous_controller: character.controller,
      },
    });
    if (logged) changedUris.push(eventsUri(logged));
    const value = { campaign_id: campaignId, character_id: character.id, controller };
    return changesIn(campaignId, value, changedUris);
  });
}
