import { CampaignError } from "../domain/campaign-error.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { encounterUri, eventsUri } from "../resource-uris.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { lockActiveEncounter } from "./encounter-access.js";
import { blocksOf, gmEncounterView, type InstanceView } from "./encounter-views.js";
import { appendEvents, stampInvocation } from "./event-log.js";

/** Input of `adversary_stress`. */
export interface ChangeAdversaryStressInput {
  encounter_id?: string | undefined;
  instance: string;
  delta: number;
}

/**
 * Marks or clears an adversary's Stress in an active fight, held to 0..its stat block's
 * `stress_max` (docs/campaign.md §4.29). Only the GM may.
 *
 * @throws CampaignError for an unknown fight or instance, a player, an ended fight or session
 */
export async function changeAdversaryStress(
  environment: CommandEnvironment,
  caller: Caller,
  input: ChangeAdversaryStressInput,
): Promise<CommandResult<InstanceView>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const found = await repository.getInstance(input.instance);
    if (!found) throw new CampaignError("NOT_FOUND", "instance not found");
    const locked = await lockActiveEncounter(
      repository,
      input.encounter_id ?? found.encounter_id,
      caller.actor,
      "change an adversary's Stress",
    );
    const target = locked.instances.find((each) => each.id === input.instance && !each.removed);
    if (!target) throw new CampaignError("NOT_FOUND", "instance not found");
    const blocks = await blocksOf(repository, locked.instances);
    const block = blocks.get(target.adversary_id);
    if (!block) throw new CampaignError("NOT_FOUND", "adversary not found");
    const stress = Math.min(block.stress_max, Math.max(0, target.stress_marked + input.delta));
    const changed = { ...target, stress_marked: stress };
    const instances = locked.instances.map((each) => (each.id === target.id ? changed : each));
    const view = gmEncounterView(locked.encounter, instances, blocks);
    const value = view.instances.find((each) => each.id === target.id);
    if (!value) throw new CampaignError("NOT_FOUND", "instance not found");
    if (stress === target.stress_marked) return { value, changedUris: [] };
    await repository.updateInstance(changed);
    const now = formatTimestamp(environment.now());
    await appendEvents(repository, locked.session.id, stamp, now, [
      {
        type: "ADVERSARY_STRESS_CHANGED",
        gm_only: true,
        payload: {
          instance: target.id,
          name: target.name,
          before: target.stress_marked,
          after: stress,
          delta: input.delta,
        },
      },
    ]);
    // The GM's view of the fight shows Stress; a player's does not, nor this event.
    return changesIn(
      locked.encounter.campaign_id,
      value,
      [encounterUri(locked.encounter.id), eventsUri(locked.session.id)],
      true,
    );
  });
}
