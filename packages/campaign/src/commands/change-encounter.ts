import type { Adversary } from "../domain/adversaries.js";
import { CampaignError } from "../domain/campaign-error.js";
import type { Encounter, EncounterInstance } from "../domain/encounters.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { encounterUri, eventsUri } from "../resource-uris.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { type LockedEncounter, lockActiveEncounter } from "./encounter-access.js";
import { blocksOf, type EncounterView, gmEncounterView } from "./encounter-views.js";
import { appendEvents, stampInvocation } from "./event-log.js";

/** The most adversaries one fight may hold, removed ones counted. */
export const MAX_INSTANCES = 100;

/** Input of `encounter_add`. */
export interface AddToEncounterInput {
  encounter_id: string;
  adversary_id: string;
  count: number;
}

/** Input of `encounter_remove`. */
export interface RemoveFromEncounterInput {
  encounter_id: string;
  instance: string;
}

/** Input of `encounter_end`, text already trimmed. */
export interface EndEncounterInput {
  encounter_id: string;
  outcome?: string | undefined;
}

/**
 * Puts `count` adversaries of one stat block into an active fight (docs/campaign.md §4.26),
 * each numbered after the last of its stat block in the fight, unharmed. Only the GM may.
 *
 * @throws CampaignError for an unknown encounter or stat block, a player, an ended encounter or
 *   session, or a fight that would hold more than {@link MAX_INSTANCES}
 */
export async function addToEncounter(
  environment: CommandEnvironment,
  caller: Caller,
  input: AddToEncounterInput,
): Promise<CommandResult<EncounterView>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const locked = await lockActiveEncounter(
      repository,
      input.encounter_id,
      caller.actor,
      "add adversaries to an encounter",
    );
    const { encounter, instances } = locked;
    const block = await repository.getAdversary(input.adversary_id);
    if (!block || block.campaign_id !== encounter.campaign_id) {
      throw new CampaignError("NOT_FOUND", "adversary not found");
    }
    if (instances.length + input.count > MAX_INSTANCES) {
      throw new CampaignError(
        "FAILED_PRECONDITION",
        `an encounter holds at most ${MAX_INSTANCES} adversaries; it has ${instances.length}`,
      );
    }
    const added = newInstances(environment, encounter, instances, block, input.count);
    await repository.insertInstances(added);
    const all = [...instances, ...added];
    const names = added.map(({ id, name }) => ({ id, name }));
    return record(environment, stamp, locked, all, {
      type: "ENCOUNTER_ADVERSARIES_ADDED",
      payload: { encounter_id: encounter.id, instances: names },
    });
  });
}

/**
 * Takes an adversary out of an active fight (docs/campaign.md §4.26). Only the GM may.
 *
 * @throws CampaignError for an unknown encounter or instance, a player, an ended encounter
 */
export async function removeFromEncounter(
  environment: CommandEnvironment,
  caller: Caller,
  input: RemoveFromEncounterInput,
): Promise<CommandResult<EncounterView>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const locked = await lockActiveEncounter(
      repository,
      input.encounter_id,
      caller.actor,
      "remove adversaries from an encounter",
    );
    const target = locked.instances.find(
      (instance) => instance.id === input.instance && !instance.removed,
    );
    if (!target) throw new CampaignError("NOT_FOUND", "instance not found");
    const removed = { ...target, removed: true };
    await repository.updateInstance(removed);
    const all = locked.instances.map((instance) => (instance === target ? removed : instance));
    return record(environment, stamp, locked, all, {
      type: "ENCOUNTER_ADVERSARY_REMOVED",
      payload: {
        encounter_id: locked.encounter.id,
        instance: { id: target.id, name: target.name },
      },
    });
  });
}

/**
 * Ends an active fight (docs/campaign.md §4.27); its record stays readable. Only the GM may.
 *
 * @throws CampaignError for an unknown encounter, a player, an ended encounter or session
 */
export async function endEncounter(
  environment: CommandEnvironment,
  caller: Caller,
  input: EndEncounterInput,
): Promise<CommandResult<EncounterView>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const locked = await lockActiveEncounter(
      repository,
      input.encounter_id,
      caller.actor,
      "end an encounter",
    );
    const now = formatTimestamp(environment.now());
    const ended: Encounter = {
      ...locked.encounter,
      state: "ENDED",
      outcome: input.outcome ?? null,
      updated_at: now,
      ended_at: now,
    };
    await repository.updateEncounter(ended);
    return record(environment, stamp, { ...locked, encounter: ended }, locked.instances, {
      type: "ENCOUNTER_ENDED",
      payload: endedPayload(ended, locked.instances),
    });
  });
}

/** What an `ENCOUNTER_ENDED` event says: the fight, its outcome, who was defeated. */
export function endedPayload(encounter: Encounter, instances: readonly EncounterInstance[]) {
  const present = instances.filter((instance) => !instance.removed);
  return {
    encounter_id: encounter.id,
    name: encounter.name,
    outcome: encounter.outcome,
    defeated: present.filter((instance) => instance.defeated).map((instance) => instance.name),
    standing: present.filter((instance) => !instance.defeated).map((instance) => instance.name),
  };
}

function newInstances(
  environment: CommandEnvironment,
  encounter: Encounter,
  instances: readonly EncounterInstance[],
  block: Adversary,
  count: number,
): EncounterInstance[] {
  const last = instances
    .filter((instance) => instance.adversary_id === block.id)
    .reduce((highest, instance) => Math.max(highest, instance.number), 0);
  return Array.from({ length: count }, (_, index) => ({
    id: environment.newId("inst"),
    encounter_id: encounter.id,
    adversary_id: block.id,
    number: last + index + 1,
    name: `${block.name} ${last + index + 1}`,
    defeated: false,
    hp_marked: 0,
    stress_marked: 0,
    conditions: [],
    removed: false,
  }));
}

/** Logs the change in the fight's session and answers the fight as the GM sees it. */
async function record(
  environment: CommandEnvironment,
  stamp: ReturnType<typeof stampInvocation>,
  locked: LockedEncounter,
  instances: readonly EncounterInstance[],
  draft: Parameters<typeof appendEvents>[4][number],
): Promise<CommandResult<EncounterView>> {
  const repository = locked.repository;
  const now = formatTimestamp(environment.now());
  await appendEvents(repository, locked.session.id, stamp, now, [draft]);
  const view = gmEncounterView(locked.encounter, instances, await blocksOf(repository, instances));
  const { encounter } = locked;
  return changesIn(encounter.campaign_id, view, [
    encounterUri(encounter.id),
    eventsUri(locked.session.id),
  ]);
}
