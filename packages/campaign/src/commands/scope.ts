import { CampaignError } from "../domain/campaign-error.js";
import type {
  Campaign,
  Character,
  CharacterProfile,
  CharacterState,
  Session,
} from "../domain/records.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import type { Caller } from "./command-environment.js";

/**
 * The campaign a call works in: the explicit argument, else the caller's context.
 *
 * @param explicit - the `campaign_id` argument, if given
 * @param caller - the calling MCP session
 * @returns the campaign id
 * @throws CampaignError `INVALID_ARGUMENT` when neither supplies one
 */
export function requireCampaignId(explicit: string | undefined, caller: Caller): string {
  const id = explicit ?? caller.context.campaign_id;
  if (id === null) {
    throw new CampaignError(
      "INVALID_ARGUMENT",
      "campaign_id is required: pass it or call set_context",
    );
  }
  return id;
}

/**
 * The session a call works in: the explicit argument, else the caller's context.
 *
 * @param explicit - the `session_id` argument, if given
 * @param caller - the calling MCP session
 * @returns the session id
 * @throws CampaignError `INVALID_ARGUMENT` when neither supplies one
 */
export function requireSessionId(explicit: string | undefined, caller: Caller): string {
  const id = explicit ?? caller.context.session_id;
  if (id === null) {
    throw new CampaignError(
      "INVALID_ARGUMENT",
      "session_id is required: pass it or call set_context",
    );
  }
  return id;
}

/**
 * @param repository - the open transaction
 * @param campaignId - the campaign's id
 * @returns the campaign
 * @throws CampaignError `NOT_FOUND` `campaign not found`
 */
export function loadCampaign(repository: CampaignRepository, campaignId: string): Campaign {
  const campaign = repository.getCampaign(campaignId);
  if (!campaign) throw new CampaignError("NOT_FOUND", "campaign not found");
  return campaign;
}

/**
 * @param repository - the open transaction
 * @param sessionId - the session's id
 * @param campaignId - the campaign it must belong to
 * @returns the session
 * @throws CampaignError `NOT_FOUND` `session not found` when absent or in another campaign
 */
export function loadSessionOfCampaign(
  repository: CampaignRepository,
  sessionId: string,
  campaignId: string,
): Session {
  const session = repository.getSession(sessionId);
  if (!session || session.campaign_id !== campaignId) {
    throw new CampaignError("NOT_FOUND", "session not found");
  }
  return session;
}

/**
 * @param session - a session
 * @throws CampaignError `FAILED_PRECONDITION` `session is not active` for an ended session
 */
export function assertSessionActive(session: Session): void {
  if (session.status !== "ACTIVE") {
    throw new CampaignError("FAILED_PRECONDITION", "session is not active");
  }
}

/** A character with its profile and state. */
export interface CharacterSheet {
  character: Character;
  profile: CharacterProfile;
  state: CharacterState;
}

/**
 * @param repository - the open transaction
 * @param characterId - the character's id
 * @param campaignId - the campaign it must belong to
 * @returns the character's sheet, or `undefined` when absent or in another campaign
 */
export function findSheet(
  repository: CampaignRepository,
  characterId: string,
  campaignId: string,
): CharacterSheet | undefined {
  const character = repository.getCharacter(characterId);
  if (!character || character.campaign_id !== campaignId) return undefined;
  const profile = repository.getProfile(characterId);
  const state = repository.getState(characterId);
  if (!profile || !state) throw new Error(`character ${characterId} has no profile or state`);
  return { character, profile, state };
}

/**
 * @param repository - the open transaction
 * @param characterId - the character's id
 * @param campaignId - the campaign it must belong to
 * @returns the character's sheet
 * @throws CampaignError `NOT_FOUND` `character not found`
 */
export function loadSheet(
  repository: CampaignRepository,
  characterId: string,
  campaignId: string,
): CharacterSheet {
  const sheet = findSheet(repository, characterId, campaignId);
  if (!sheet) throw new CampaignError("NOT_FOUND", "character not found");
  return sheet;
}
