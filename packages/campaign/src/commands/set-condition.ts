import { CampaignError } from "../domain/campaign-error.js";
import { CONDITIONS, type Condition } from "../domain/encounters.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { encounterUri, eventsUri } from "../resource-uris.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { lockActiveEncounter } from "./encounter-access.js";
import { blocksOf, gmEncounterView, type InstanceView } from "./encounter-views.js";
import { appendEvents, stampInvocation } from "./event-log.js";

/** Input of `condition_set`. */
export interface SetConditionInput {
  encounter_id?: string | undefined;
  /** An adversary in a fight. */
  target: string;
  condition: Condition;
  on: boolean;
}

/**
 * Puts a condition on an adversary in an active fight, or takes it off (docs/campaign.md
 * §4.35). Only the GM may. Players see an adversary's conditions, and this event.
 *
 * @throws CampaignError for an unknown fight or instance, a player, an ended fight or session
 */
export async function setCondition(
  environment: CommandEnvironment,
  caller: Caller,
  input: SetConditionInput,
): Promise<CommandResult<InstanceView>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const found = await repository.getInstance(input.target);
    if (!found) throw new CampaignError("NOT_FOUND", "instance not found");
    const locked = await lockActiveEncounter(
      repository,
      input.encounter_id ?? found.encounter_id,
      caller.actor,
      "set conditions",
    );
    const target = locked.instances.find((each) => each.id === input.target && !each.removed);
    if (!target) throw new CampaignError("NOT_FOUND", "instance not found");
    const held = new Set(target.conditions);
    if (input.on) held.add(input.condition);
    else held.delete(input.condition);
    const conditions = CONDITIONS.filter((condition) => held.has(condition));
    const changed = { ...target, conditions };
    const instances = locked.instances.map((each) => (each.id === target.id ? changed : each));
    const blocks = await blocksOf(repository, locked.instances);
    const view = gmEncounterView(locked.encounter, instances, blocks);
    const value = view.instances.find((each) => each.id === target.id);
    if (!value) throw new CampaignError("NOT_FOUND", "instance not found");
    if (conditions.length === target.conditions.length) return { value, changedUris: [] };
    await repository.updateInstance(changed);
    const now = formatTimestamp(environment.now());
    await appendEvents(repository, locked.session.id, stamp, now, [
      {
        type: "CONDITION_SET",
        payload: {
          target: target.id,
          target_name: target.name,
          condition: input.condition,
          on: input.on,
          conditions,
        },
      },
    ]);
    return changesIn(locked.encounter.campaign_id, value, [
      encounterUri(locked.encounter.id),
      eventsUri(locked.session.id),
    ]);
  });
}
