import { CampaignError } from "../domain/campaign-error.js";
import { CONDITIONS, type Condition } from "../domain/encounters.js";
import type { CharacterState } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { charactersUri, encounterUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { accessTo, lockCampaignFor, requireControl } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { lockActiveEncounter } from "./encounter-access.js";
import { blocksOf, gmEncounterView, type InstanceView } from "./encounter-views.js";
import { appendEvents, logToActiveSession, stampInvocation } from "./event-log.js";

/** Input of `condition_set`. */
export interface SetConditionInput {
  encounter_id?: string | undefined;
  /** An adversary in a fight (`inst_…`) or a character (`char_…`). */
  target: string;
  condition: Condition;
  on: boolean;
}

/** What `condition_set` answers (docs/campaign.md §4.35). */
export interface ConditionsSet {
  target: string;
  name: string;
  conditions: Condition[];
  /** The adversary as the GM sees it, when the target is one. */
  instance?: InstanceView;
  /** The character's state, when the target is one. */
  state?: CharacterState;
}

type Stamp = ReturnType<typeof stampInvocation>;

/**
 * Puts a condition on an adversary in an active fight or on a character, or takes it off
 * (docs/campaign.md §4.35). An adversary's are the GM's to set; a character's, the GM's or its
 * player's. Players see both, and the event.
 *
 * @throws CampaignError for an unknown target, a caller who may not, an ended fight or session
 */
export async function setCondition(
  environment: CommandEnvironment,
  caller: Caller,
  input: SetConditionInput,
): Promise<CommandResult<ConditionsSet>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const instance = await repository.getInstance(input.target);
    if (instance) return onInstance(repository, environment, stamp, caller, input, instance);
    return onCharacter(repository, environment, stamp, caller, input);
  });
}

/** The conditions held after the change, in their listed order. */
function changedConditions(held: readonly Condition[], input: SetConditionInput): Condition[] {
  const next = new Set(held);
  if (input.on) next.add(input.condition);
  else next.delete(input.condition);
  return CONDITIONS.filter((condition) => next.has(condition));
}

/** The event of a change; players see it. */
function conditionEvent(target: string, name: string, input: SetConditionInput, now: Condition[]) {
  return {
    type: "CONDITION_SET" as const,
    payload: {
      target,
      target_name: name,
      condition: input.condition,
      on: input.on,
      conditions: now,
    },
  };
}

async function onInstance(
  repository: CampaignRepository,
  environment: CommandEnvironment,
  stamp: Stamp,
  caller: Caller,
  input: SetConditionInput,
  found: { encounter_id: string },
): Promise<CommandResult<ConditionsSet>> {
  const locked = await lockActiveEncounter(
    repository,
    input.encounter_id ?? found.encounter_id,
    caller.actor,
    "set conditions",
  );
  const target = locked.instances.find((each) => each.id === input.target && !each.removed);
  if (!target) throw new CampaignError("NOT_FOUND", "instance not found");
  const conditions = changedConditions(target.conditions, input);
  const changed = { ...target, conditions };
  const instances = locked.instances.map((each) => (each.id === target.id ? changed : each));
  const blocks = await blocksOf(repository, locked.instances);
  const view = gmEncounterView(locked.encounter, instances, blocks);
  const instance = view.instances.find((each) => each.id === target.id);
  if (!instance) throw new CampaignError("NOT_FOUND", "instance not found");
  const value: ConditionsSet = { target: target.id, name: target.name, conditions, instance };
  if (conditions.length === target.conditions.length) return { value, changedUris: [] };
  await repository.updateInstance(changed);
  const now = formatTimestamp(environment.now());
  await appendEvents(repository, locked.session.id, stamp, now, [
    conditionEvent(target.id, target.name, input, conditions),
  ]);
  return changesIn(locked.encounter.campaign_id, value, [
    encounterUri(locked.encounter.id),
    eventsUri(locked.session.id),
  ]);
}

async function onCharacter(
  repository: CampaignRepository,
  environment: CommandEnvironment,
  stamp: Stamp,
  caller: Caller,
  input: SetConditionInput,
): Promise<CommandResult<ConditionsSet>> {
  const character = await repository.getCharacter(input.target);
  const known = character && (await accessTo(repository, character.campaign_id, caller.actor));
  if (!character || !known) throw new CampaignError("NOT_FOUND", "target not found");
  const { access } = await lockCampaignFor(repository, character.campaign_id, caller.actor);
  requireControl(access, character, "set conditions only on");
  const sheet = await repository.getSheet(character.id);
  if (!sheet) throw new CampaignError("NOT_FOUND", "target not found");
  const conditions = changedConditions(sheet.state.conditions, input);
  const state: CharacterState = { ...sheet.state, conditions };
  const value: ConditionsSet = { target: character.id, name: character.name, conditions, state };
  if (conditions.length === sheet.state.conditions.length) return { value, changedUris: [] };
  const now = formatTimestamp(environment.now());
  await Promise.all([
    repository.putState(state),
    repository.updateCharacter({ ...character, updated_at: now }),
  ]);
  const changedUris = [charactersUri(character.campaign_id)];
  const logged = await logToActiveSession(repository, character.campaign_id, stamp, now, {
    ...conditionEvent(character.id, character.name, input, conditions),
    character_id: character.id,
  });
  if (logged) changedUris.push(eventsUri(logged));
  return changesIn(character.campaign_id, value, changedUris);
}
