import { defaultProfile, initialState, mergeProfile } from "../domain/character-defaults.js";
import { characterForLog } from "../domain/character-notes.js";
import type { Character, CharacterKind, ProfileFields } from "../domain/records.js";
import { assertThresholdOrder } from "../domain/sheet-rules.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, charactersUri, eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `character_create`, text already trimmed. */
export interface CreateCharacterInput {
  campaign_id?: string | undefined;
  name: string;
  kind: CharacterKind;
  notes?: string | undefined;
  /** Keep an NPC's notes from the players (the GM only). */
  notes_gm_only?: boolean | undefined;
  profile?: ProfileFields | undefined;
}

/**
 * Creates a character with its profile (the kind's defaults overlaid with any given fields) and
 * its initial state, together (docs/campaign.md §4.4). A player's character is controlled by
 * their seat from the start; the GM's has no controller.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - name, kind, notes and optional initial profile
 * @returns the character record, once committed
 * @throws CampaignError without a campaign, for an unknown one, for thresholds out of order, or
 *   for a player keeping notes from the players
 */
export async function createCharacter(
  environment: CommandEnvironment,
  caller: Caller,
  input: CreateCharacterInput,
): Promise<CommandResult<Character>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { campaign, access } = await lockCampaignFor(repository, campaignId, caller.actor);
    if (input.notes_gm_only === true)
      requireGm(access, "keep a character's notes from the players");
    const id = environment.newId("char");
    const profile = mergeProfile(defaultProfile(id, input.kind), input.profile ?? {});
    assertThresholdOrder(profile);
    const state = initialState(input.kind, profile);
    const now = formatTimestamp(environment.now());
    const character: Character = {
      id,
      campaign_id: campaignId,
      name: input.name,
      kind: input.kind,
      notes: input.notes ?? "",
      ...(input.notes_gm_only === true ? { notes_gm_only: true as const } : {}),
      controller: access.role === "PLAYER" ? (access.seat?.id ?? null) : null,
      created_at: now,
      updated_at: now,
    };
    await Promise.all([
      repository.insertCharacter(character),
      repository.putProfile(profile),
      repository.putState(state),
      repository.updateCampaign({
        ...campaign,
        character_count: campaign.character_count + 1,
        updated_at: now,
      }),
    ]);
    const changedUris = [CAMPAIGNS_LIST_URI, campaignUri(campaignId), charactersUri(campaignId)];
    const logged = await logToActiveSession(repository, campaignId, stamp, now, {
      type: "CHARACTER_CREATED",
      character_id: id,
      payload: { character: characterForLog(character), profile, state },
    });
    if (logged) changedUris.push(eventsUri(logged));
    return changesIn(campaignId, character, changedUris);
  });
}
