import { CampaignError } from "../domain/campaign-error.js";
import type { Encounter, EncounterInstance } from "../domain/encounters.js";
import type { Session } from "../domain/records.js";
import type { Access } from "../domain/roles.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { accessTo, lockCampaignFor, requireGm } from "./access.js";
import type { Actor } from "./command-environment.js";
import { assertSessionActive } from "./scope.js";

/** A fight being changed: read under its campaign's write lock, with its session. */
export interface LockedEncounter {
  repository: CampaignRepository;
  encounter: Encounter;
  instances: EncounterInstance[];
  session: Session;
  access: Access;
}

/** The answer to an encounter id the caller may not know of. */
export function encounterNotFound(): CampaignError {
  return new CampaignError("NOT_FOUND", "encounter not found");
}

/**
 * The fight a GM changes (docs/campaign.md §4.25): found, its campaign locked, then read again
 * with its adversaries; still active, in an active session.
 *
 * @param action - what only the GM may do, e.g. `add adversaries to an encounter`
 * @throws CampaignError `NOT_FOUND` `encounter not found` (absent, or the caller a stranger),
 *   `PERMISSION_DENIED` for a player, `FAILED_PRECONDITION` `encounter has ended` or
 *   `session is not active`
 */
export async function lockActiveEncounter(
  repository: CampaignRepository,
  encounterId: string,
  actor: Actor,
  action: string,
): Promise<LockedEncounter> {
  const found = await repository.getEncounter(encounterId);
  if (!found) throw encounterNotFound();
  const known = await accessTo(repository, found.campaign_id, actor);
  if (!known) throw encounterNotFound();
  const { access } = await lockCampaignFor(repository, found.campaign_id, actor);
  requireGm(access, action);
  const [encounter, instances, session] = await Promise.all([
    repository.getEncounter(encounterId),
    repository.listInstances(encounterId),
    repository.getSession(found.session_id),
  ]);
  if (!encounter || !session) throw encounterNotFound();
  if (encounter.state !== "ACTIVE") {
    throw new CampaignError("FAILED_PRECONDITION", "encounter has ended");
  }
  assertSessionActive(session);
  return { repository, encounter, instances, session, access };
}
