import { CampaignError } from "../domain/campaign-error.js";
import type { BudgetAdjustment, Encounter, EncounterDifficulty } from "../domain/encounters.js";
import type { Session } from "../domain/records.js";
import type { Access } from "../domain/roles.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { encounterUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { type EncounterView, gmEncounterView } from "./encounter-views.js";
import { appendEvents, stampInvocation } from "./event-log.js";
import { assertSessionActive, requireCampaignId, sessionOfCampaign } from "./scope.js";

/** Input of `encounter_start`, text already trimmed. */
export interface StartEncounterInput {
  campaign_id?: string | undefined;
  session_id?: string | undefined;
  name: string;
  party?: readonly string[] | undefined;
  difficulty?: EncounterDifficulty | undefined;
  adjustments?: readonly BudgetAdjustment[] | undefined;
}

/** How many characters a page of the party's default holds. */
const PARTY_PAGE = 200;

/**
 * Starts a fight in a session (docs/campaign.md §4.25): the session's one active encounter,
 * its party the given characters or the campaign's PCs. Only the GM may.
 *
 * @throws CampaignError for an unknown campaign, session or character, a player, an ended
 *   session, an encounter already active, or an empty party
 */
export async function startEncounter(
  environment: CommandEnvironment,
  caller: Caller,
  input: StartEncounterInput,
): Promise<CommandResult<EncounterView>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { session, access } = await sessionToFight(repository, caller, campaignId, input);
    requireGm(access, "start an encounter");
    assertSessionActive(session);
    const active = await repository.findActiveEncounter(session.id);
    if (active) {
      throw new CampaignError(
        "FAILED_PRECONDITION",
        `an encounter is already active in this session (${active.id}); end it first`,
      );
    }
    const party = await partyOf(repository, campaignId, input.party);
    const now = formatTimestamp(environment.now());
    const encounter: Encounter = {
      id: environment.newId("enc"),
      campaign_id: campaignId,
      session_id: session.id,
      name: input.name,
      state: "ACTIVE",
      difficulty: input.difficulty ?? "STANDARD",
      adjustments: [...new Set(input.adjustments ?? [])],
      party,
      outcome: null,
      started_at: now,
      updated_at: now,
      ended_at: null,
    };
    await repository.insertEncounter(encounter);
    await appendEvents(repository, session.id, stamp, now, [
      {
        type: "ENCOUNTER_STARTED",
        payload: { encounter_id: encounter.id, name: encounter.name, party },
      },
    ]);
    const view = gmEncounterView(encounter, [], new Map());
    return changesIn(campaignId, view, [encounterUri(encounter.id), eventsUri(session.id)]);
  });
}

/** The session named, else the context's, else the campaign's active one; its campaign locked. */
async function sessionToFight(
  repository: CampaignRepository,
  caller: Caller,
  campaignId: string,
  input: StartEncounterInput,
): Promise<{ session: Session; access: Access }> {
  const { access } = await lockCampaignFor(repository, campaignId, caller.actor);
  const sessionId = input.session_id ?? caller.context.session_id;
  if (sessionId !== null) {
    return {
      session: sessionOfCampaign(await repository.getSession(sessionId), campaignId),
      access,
    };
  }
  const active = await repository.findActiveSession(campaignId);
  if (!active) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      "no active session: start one with session_start, or name one with session_id",
    );
  }
  return { session: active, access };
}

/** The party: the characters named (each once, each of the campaign), else its PCs. */
async function partyOf(
  repository: CampaignRepository,
  campaignId: string,
  named: readonly string[] | undefined,
): Promise<string[]> {
  if (named !== undefined) {
    const ids = [...new Set(named)];
    const found = await Promise.all(ids.map((id) => repository.getCharacter(id)));
    if (found.some((character) => character?.campaign_id !== campaignId)) {
      throw new CampaignError("NOT_FOUND", "character not found");
    }
    return ids;
  }
  const party: string[] = [];
  let afterId: string | undefined;
  for (;;) {
    const page = await repository.listCharacters(campaignId, { afterId, limit: PARTY_PAGE });
    if (!page) break;
    for (const character of page.items) if (character.kind === "PC") party.push(character.id);
    const last = page.items.at(-1);
    if (!page.hasMore || !last) break;
    afterId = last.id;
  }
  if (party.length === 0) {
    throw new CampaignError(
      "FAILED_PRECONDITION",
      "the party is empty: name it with party, or create the campaign's player characters",
    );
  }
  return party;
}
