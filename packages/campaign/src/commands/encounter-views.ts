import type { Adversary, StatBlock } from "../domain/adversaries.js";
import { CampaignError } from "../domain/campaign-error.js";
import {
  type BattlePoints,
  battlePoints,
  type Condition,
  type Encounter,
  type EncounterInstance,
} from "../domain/encounters.js";
import type { Access } from "../domain/roles.js";
import type { CampaignRepository } from "../storage/campaign-store.js";

/** An adversary in a fight as the GM sees it (docs/campaign.md §4.25). */
export interface InstanceView {
  id: string;
  adversary_id: string;
  name: string;
  defeated: boolean;
  hp_marked: number;
  hp_max: number;
  stress_marked: number;
  stress_max: number;
  conditions: Condition[];
}

/**
 * An adversary in a fight as the GM reads it at `encounter://{id}` (docs/campaign.md §2.10):
 * with its stat block's type and damage thresholds, so that a tracker can group the Minions
 * and show what a hit marks without a second read. Tool results keep {@link InstanceView}.
 */
export interface TrackedInstanceView extends InstanceView {
  type: StatBlock["type"];
  thresholds: StatBlock["thresholds"];
}

/** An adversary in a fight as a player sees it: no stat block, no HP, no Stress. */
export interface PlayerInstanceView {
  id: string;
  name: string;
  defeated: boolean;
  conditions: Condition[];
}

/** A fight as the GM sees it. */
export interface EncounterView {
  id: string;
  name: string;
  session_id: string;
  state: Encounter["state"];
  difficulty: Encounter["difficulty"];
  adjustments: Encounter["adjustments"];
  party: string[];
  battle_points: BattlePoints;
  instances: InstanceView[];
  outcome: string | null;
  started_at: string;
  ended_at: string | null;
}

/** A fight as a player sees it: who is in it, and how they fare. */
export interface PlayerEncounterView {
  id: string;
  name: string;
  session_id: string;
  state: Encounter["state"];
  party: string[];
  instances: PlayerInstanceView[];
  outcome: string | null;
  started_at: string;
  ended_at: string | null;
}

/** The stat blocks of a fight's instances, by id. */
export async function blocksOf(
  repository: CampaignRepository,
  instances: readonly EncounterInstance[],
): Promise<Map<string, Adversary>> {
  const ids = [...new Set(instances.map((instance) => instance.adversary_id))];
  const found = await Promise.all(ids.map((id) => repository.getAdversary(id)));
  return new Map(found.flatMap((adversary) => (adversary ? [[adversary.id, adversary]] : [])));
}

/**
 * A fight as the GM sees it: its battle points and every adversary still in it, with HP and
 * Stress against their stat block's.
 */
export function gmEncounterView(
  encounter: Encounter,
  instances: readonly EncounterInstance[],
  blocks: ReadonlyMap<string, Adversary>,
): EncounterView {
  const present = instances.filter((instance) => !instance.removed);
  const fighters = present.map((instance) => ({
    adversary_id: instance.adversary_id,
    type: blockOf(blocks, instance).type,
  }));
  return {
    id: encounter.id,
    name: encounter.name,
    session_id: encounter.session_id,
    state: encounter.state,
    difficulty: encounter.difficulty,
    adjustments: encounter.adjustments,
    party: encounter.party,
    battle_points: battlePoints(
      Math.max(1, encounter.party.length),
      encounter.difficulty,
      encounter.adjustments,
      fighters,
    ),
    instances: present.map((instance) => {
      const block = blockOf(blocks, instance);
      return {
        id: instance.id,
        adversary_id: instance.adversary_id,
        name: instance.name,
        defeated: instance.defeated,
        hp_marked: instance.hp_marked,
        hp_max: block.hp_max,
        stress_marked: instance.stress_marked,
        stress_max: block.stress_max,
        conditions: instance.conditions,
      };
    }),
    outcome: encounter.outcome,
    started_at: encounter.started_at,
    ended_at: encounter.ended_at,
  };
}

/** A fight as a player sees it (docs/campaign.md §2.10). */
export function playerEncounterView(
  encounter: Encounter,
  instances: readonly EncounterInstance[],
): PlayerEncounterView {
  return {
    id: encounter.id,
    name: encounter.name,
    session_id: encounter.session_id,
    state: encounter.state,
    party: encounter.party,
    instances: instances
      .filter((instance) => !instance.removed)
      .map(({ id, name, defeated, conditions }) => ({ id, name, defeated, conditions })),
    outcome: encounter.outcome,
    started_at: encounter.started_at,
    ended_at: encounter.ended_at,
  };
}

/**
 * The fight as the reader's role lets them see it at `encounter://{id}`: the GM's with each
 * adversary's type and thresholds ({@link TrackedInstanceView}), a player's as the tools'.
 */
export function encounterSeenBy(
  access: Access,
  encounter: Encounter,
  instances: readonly EncounterInstance[],
  blocks: ReadonlyMap<string, Adversary>,
): EncounterView | PlayerEncounterView {
  if (access.role !== "GM") return playerEncounterView(encounter, instances);
  const view = gmEncounterView(encounter, instances, blocks);
  const tracked: TrackedInstanceView[] = view.instances.map((instance) => {
    const { type, thresholds } = blockOf(blocks, instance);
    return { ...instance, type, thresholds };
  });
  return { ...view, instances: tracked };
}

function blockOf(
  blocks: ReadonlyMap<string, Adversary>,
  instance: { adversary_id: string },
): Adversary {
  const block = blocks.get(instance.adversary_id);
  if (!block) throw new CampaignError("NOT_FOUND", "adversary not found");
  return block;
}
