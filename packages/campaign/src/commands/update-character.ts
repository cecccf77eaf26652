import { CampaignError } from "../domain/campaign-error.js";
import { characterForLog, characterSeenBy } from "../domain/character-notes.js";
import type { Character } from "../domain/records.js";
import type { Access } from "../domain/roles.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { charactersUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireControl, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `character_update`, text already trimmed; at least one field is given. */
export interface UpdateCharacterInput {
  campaign_id?: string | undefined;
  character_id: string;
  name?: string | undefined;
  notes?: string | undefined;
  /** Whether only the GM reads the notes (the GM only; NPCs only). */
  notes_gm_only?: boolean | undefined;
}

/** The character with the given fields set, keys in output order. */
function withChanges(character: Character, input: UpdateCharacterInput, now: string): Character {
  const gmOnly = input.notes_gm_only ?? character.notes_gm_only === true;
  return {
    id: character.id,
    campaign_id: character.campaign_id,
    name: input.name ?? character.name,
    kind: character.kind,
    notes: input.notes ?? character.notes,
    ...(gmOnly ? { notes_gm_only: true as const } : {}),
    controller: character.controller,
    created_at: character.created_at,
    updated_at: now,
  };
}

function sameFields(a: Character, b: Character): boolean {
  return a.name === b.name && a.notes === b.notes && a.notes_gm_only === b.notes_gm_only;
}

/** What `character_update` may change, as the log records it: never notes kept from players. */
function loggedFields(character: Character) {
  const { name, notes } = characterForLog(character);
  return { name, notes, notes_gm_only: character.notes_gm_only === true };
}

/**
 * The rules that depend on the character (docs/campaign.md §4.19): a player changes only the
 * characters their seat controls, never notes the GM keeps from the players; only an NPC's
 * notes can be kept from the players.
 *
 * @throws CampaignError `PERMISSION_DENIED` or `INVALID_ARGUMENT`
 */
function checkChange(access: Access, character: Character, input: UpdateCharacterInput): void {
  requireControl(access, character, "change only");
  if (input.notes !== undefined && character.notes_gm_only === true) {
    requireGm(access, "change notes kept from the players");
  }
  if (input.notes_gm_only === true && character.kind !== "NPC") {
    throw new CampaignError(
      "INVALID_ARGUMENT",
      "only an NPC's notes can be kept from the players; the character is a PC",
    );
  }
}

/**
 * Renames a character or changes its notes and who reads them (docs/campaign.md §4.19). The GM
 * may change every character, a player those their seat controls; only the GM chooses whether
 * notes are kept from the players. Values equal to the current ones change nothing: no write,
 * no event, no notification.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the character and the fields to set
 * @returns the character after the change, as the caller may read it, once committed
 * @throws CampaignError without a campaign, for an unknown one (or a stranger), an unknown
 *   character, a change the caller may not make, or GM-only notes on a PC
 */
export async function updateCharacter(
  environment: CommandEnvironment,
  caller: Caller,
  input: UpdateCharacterInput,
): Promise<CommandResult<Character>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const [{ access }, character] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getCharacter(input.character_id),
    ]);
    if (input.notes_gm_only !== undefined) {
      requireGm(access, "choose whether a character's notes are kept from the players");
    }
    if (character?.campaign_id !== campaignId) {
      throw new CampaignError("NOT_FOUND", "character not found");
    }
    checkChange(access, character, input);
    const now = formatTimestamp(environment.now());
    const updated = withChanges(character, input, now);
    if (sameFields(character, updated)) {
      return { value: characterSeenBy(character, access), changedUris: [] };
    }
    await repository.updateCharacter(updated);
    const changedUris = [charactersUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "CHARACTER_UPDATED",
      character_id: character.id,
      payload: {
        character_id: character.id,
        before: loggedFields(character),
        after: loggedFields(updated),
      },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, characterSeenBy(updated, access), changedUris);
  });
}
