import { CampaignError } from "../domain/campaign-error.js";
import type { CharacterSheet, Session } from "../domain/records.js";
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
 * @param session - a session looked up by id
 * @param campaignId - the campaign it must belong to
 * @returns the session
 * @throws CampaignError `NOT_FOUND` `session not found` when absent or in another campaign
 */
export function sessionOfCampaign(session: Session | undefined, campaignId: string): Session {
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

/**
 * @param sheet - a character's sheet looked up by id
 * @param campaignId - the campaign it must belong to
 * @returns the sheet, or `undefined` when absent or in another campaign
 */
export function sheetOfCampaign(
  sheet: CharacterSheet | undefined,
  campaignId: string,
): CharacterSheet | undefined {
  return sheet?.character.campaign_id === campaignId ? sheet : undefined;
}

/**
 * @param sheet - a character's sheet looked up by id
 * @param campaignId - the campaign it must belong to
 * @returns the sheet
 * @throws CampaignError `NOT_FOUND` `character not found` when absent or in another campaign
 */
export function foundSheet(sheet: CharacterSheet | undefined, campaignId: string): CharacterSheet {
  const found = sheetOfCampaign(sheet, campaignId);
  if (!found) throw new CampaignError("NOT_FOUND", "character not found");
  return found;
}
