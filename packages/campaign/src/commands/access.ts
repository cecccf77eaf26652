import { CampaignError } from "../domain/campaign-error.js";
import type { Campaign, Character, Participant, Session } from "../domain/records.js";
import { type Access, accessOf, controlsCharacter } from "../domain/roles.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import type { Actor } from "./command-environment.js";

/** A campaign and the caller's place in it. */
export interface CampaignAccess {
  campaign: Campaign;
  access: Access;
}

/**
 * Reads the caller's place in a campaign inside the open transaction.
 *
 * @param repository - the open transaction
 * @param campaignId - the campaign
 * @param actor - the caller
 * @returns the access, or `undefined` for a stranger (or a campaign that does not exist)
 */
export async function accessTo(
  repository: CampaignRepository,
  campaignId: string,
  actor: Actor,
): Promise<Access | undefined> {
  return accessFrom(
    repository.getOwner(campaignId),
    repository.findSeat(campaignId, actor.subject),
    actor,
  );
}

/**
 * Reads the caller's place in the campaign of a session, looked up by the session, so that it
 * can be read together with the session itself.
 *
 * @param repository - the open transaction
 * @param sessionId - the session
 * @param actor - the caller
 * @returns the access, or `undefined` for a stranger (or a session that does not exist)
 */
export async function accessToSession(
  repository: CampaignRepository,
  sessionId: string,
  actor: Actor,
): Promise<Access | undefined> {
  return accessFrom(
    repository.getSessionOwner(sessionId),
    repository.findSessionSeat(sessionId, actor.subject),
    actor,
  );
}

/** The caller's access, from the campaign's owner and the caller's seat, read together. */
async function accessFrom(
  owner: Promise<string | undefined>,
  seat: Promise<Participant | undefined>,
  actor: Actor,
): Promise<Access | undefined> {
  const [ownerSubject, callerSeat] = await Promise.all([owner, seat]);
  return accessOf(actor.subject, ownerSubject, callerSeat);
}

/**
 * @param campaign - a campaign looked up by id
 * @param access - the caller's place in it
 * @returns both
 * @throws CampaignError `NOT_FOUND` `campaign not found` when it is absent or the caller is a
 *   stranger to it: a stranger cannot tell a campaign they may not see from one that does not
 *   exist (docs/campaign.md §11.1)
 */
function memberOf(campaign: Campaign | undefined, access: Access | undefined): CampaignAccess {
  if (!campaign || !access) throw new CampaignError("NOT_FOUND", "campaign not found");
  return { campaign, access };
}

/**
 * Takes the campaign's write lock and reads it with the caller's place in it: the first step
 * of every write inside a campaign.
 *
 * @param repository - the open transaction
 * @param campaignId - the campaign's id
 * @param actor - the caller
 * @returns the campaign and the caller's access
 * @throws CampaignError `NOT_FOUND` `campaign not found`, also for a stranger
 */
export async function lockCampaignFor(
  repository: CampaignRepository,
  campaignId: string,
  actor: Actor,
): Promise<CampaignAccess> {
  const [campaign, access] = await Promise.all([
    repository.lockCampaign(campaignId),
    accessTo(repository, campaignId, actor),
  ]);
  return memberOf(campaign, access);
}

/**
 * Reads a campaign, without locking it, with the caller's place in it.
 *
 * @param repository - the open transaction
 * @param campaignId - the campaign's id
 * @param actor - the caller
 * @returns the campaign and the caller's access
 * @throws CampaignError `NOT_FOUND` `campaign not found`, also for a stranger
 */
export async function readCampaignFor(
  repository: CampaignRepository,
  campaignId: string,
  actor: Actor,
): Promise<CampaignAccess> {
  const [campaign, access] = await Promise.all([
    repository.getCampaign(campaignId),
    accessTo(repository, campaignId, actor),
  ]);
  return memberOf(campaign, access);
}

/** A session and the caller's place in its campaign. */
export interface SessionAccess {
  session: Session;
  access: Access;
}

/**
 * @param session - a session looked up by id
 * @param access - the caller's place in its campaign
 * @returns both
 * @throws CampaignError `NOT_FOUND` `session not found` when it is absent or the caller is a
 *   stranger to its campaign
 */
export function visibleSession(
  session: Session | undefined,
  access: Access | undefined,
): SessionAccess {
  if (!session || !access) throw new CampaignError("NOT_FOUND", "session not found");
  return { session, access };
}

/**
 * @param access - the caller's place in the campaign
 * @param action - what only the GM may do, e.g. `start a session`
 * @throws CampaignError `PERMISSION_DENIED` `only the GM may <action>` for a player
 */
export function requireGm(access: Access, action: string): void {
  if (access.role !== "GM") {
    throw new CampaignError("PERMISSION_DENIED", `only the GM may ${action}`);
  }
}

/**
 * @param access - the caller's place in the character's campaign
 * @param character - the character acted for
 * @param action - what the caller may do, e.g. `change only`
 * @throws CampaignError `PERMISSION_DENIED` `you may <action> characters controlled by your
 *   seat` for a player whose seat does not control the character
 */
export function requireControl(access: Access, character: Character, action: string): void {
  if (!controlsCharacter(access, character)) {
    throw new CampaignError(
      "PERMISSION_DENIED",
      `you may ${action} characters controlled by your seat`,
    );
  }
}
