import { CampaignError } from "../domain/campaign-error.js";
import type { Participant } from "../domain/records.js";
import type { Access } from "../domain/roles.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { eventsUri, participantsUri } from "../resource-uris.js";
import { lockCampaignFor } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `participant_update`, text already trimmed; at least one field is given. */
export interface UpdateParticipantInput {
  campaign_id?: string | undefined;
  participant_id: string;
  display_name?: string | undefined;
}

/**
 * @throws CampaignError `PERMISSION_DENIED` for a player changing a seat other than their own
 */
function requireOwnSeat(access: Access, participant: Participant): void {
  if (access.role === "GM" || access.seat?.id === participant.id) return;
  throw new CampaignError("PERMISSION_DENIED", "you may change only your own seat");
}

/**
 * Renames a seat (docs/campaign.md §4.18). The GM may rename every seat of the campaign, a
 * player only their own. A name equal to the current one changes nothing: no write, no event,
 * no notification.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the seat and the fields to set
 * @returns the participant after the change, once committed
 * @throws CampaignError without a campaign, for an unknown one (or a stranger), for a seat not of
 *   the campaign, or for a player's other seat
 */
export async function updateParticipant(
  environment: CommandEnvironment,
  caller: Caller,
  input: UpdateParticipantInput,
): Promise<CommandResult<Participant>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, found] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getParticipant(input.participant_id),
    ]);
    if (found?.campaign_id !== campaignId) {
      throw new CampaignError("NOT_FOUND", "participant not found");
    }
    requireOwnSeat(access, found);
    const displayName = input.display_name ?? found.display_name;
    if (displayName === found.display_name) return { value: found, changedUris: [] };
    const now = formatTimestamp(environment.now());
    const updated: Participant = { ...found, display_name: displayName, updated_at: now };
    await repository.updateParticipant(updated);
    const changedUris = [participantsUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "PARTICIPANT_UPDATED",
      payload: {
        participant_id: found.id,
        before: { display_name: found.display_name },
        after: { display_name: displayName },
      },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, updated, changedUris);
  });
}
