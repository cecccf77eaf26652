import { type DamageSeverity, resolveDamage } from "@tabletop-mcp/duality/engine";
import { InvalidParametersError } from "@tabletop-mcp/kit";
import type { DamageType } from "../domain/adversaries.js";
import { CampaignError } from "../domain/campaign-error.js";
import { type DamageTaken, damageInstance } from "../domain/damage.js";
import type { EncounterInstance } from "../domain/encounters.js";
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

/** Input of `damage_apply`. */
export interface ApplyDamageInput extends DamageTaken {
  encounter_id?: string | undefined;
  /** An adversary in a fight (`inst_…`) or a character (`char_…`). */
  target: string;
  type: DamageType;
}

/** What `damage_apply` answers (docs/campaign.md §4.28). */
export interface DamageApplied {
  target: string;
  amount: number;
  final_damage: number;
  severity: DamageSeverity;
  hp_marked_now: number;
  instance?: InstanceView;
  also_defeated: string[];
  state?: CharacterState;
  last_hp_marked?: boolean;
}

/**
 * Applies damage to an adversary in an active fight (the GM's to do) or to a character (the
 * GM's, or its player's), by duality's threshold rules (docs/campaign.md §4.28).
 *
 * @throws CampaignError for an unknown target, a caller who may not, an ended fight or
 *   session, a defeated adversary; InvalidParametersError for armor on an adversary
 */
export async function applyDamage(
  environment: CommandEnvironment,
  caller: Caller,
  input: ApplyDamageInput,
): Promise<CommandResult<DamageApplied>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const instance = await repository.getInstance(input.target);
    if (instance) return damageAdversary(repository, environment, stamp, caller, input, instance);
    return damageCharacter(repository, environment, stamp, caller, input);
  });
}

async function damageAdversary(
  repository: CampaignRepository,
  environment: CommandEnvironment,
  stamp: ReturnType<typeof stampInvocation>,
  caller: Caller,
  input: ApplyDamageInput,
  found: EncounterInstance,
): Promise<CommandResult<DamageApplied>> {
  if (input.armor === true) {
    throw new InvalidParametersError([
      {
        parameter: "armor",
        issue: "Only a character marks Armor Slots; the target is an adversary",
      },
    ]);
  }
  const encounterId = input.encounter_id ?? found.encounter_id;
  const locked = await lockActiveEncounter(
    repository,
    encounterId,
    caller.actor,
    "apply damage to adversaries",
  );
  const target = locked.instances.find((each) => each.id === input.target && !each.removed);
  if (!target) throw new CampaignError("NOT_FOUND", "instance not found");
  if (target.defeated)
    throw new CampaignError("FAILED_PRECONDITION", "instance is already defeated");
  const blocks = await blocksOf(repository, locked.instances);
  const block = blocks.get(target.adversary_id);
  if (!block) throw new CampaignError("NOT_FOUND", "adversary not found");
  const others = locked.instances.filter((each) => !each.removed);
  const dealt = damageInstance(target, block, others, input);
  const changed = [dealt.instance, ...dealt.also_defeated];
  await Promise.all(changed.map((each) => repository.updateInstance(each)));
  const now = formatTimestamp(environment.now());
  await appendEvents(repository, locked.session.id, stamp, now, [
    {
      type: "DAMAGE_APPLIED",
      gm_only: true,
      payload: {
        target: target.id,
        target_name: target.name,
        amount: input.amount,
        type: input.type,
        resistant: input.resistant === true,
        final_damage: dealt.final_damage,
        severity: dealt.severity,
        hp_marked: dealt.hp_marked_now,
        defeated: dealt.instance.defeated,
        also_defeated: dealt.also_defeated.map((each) => each.name),
      },
    },
  ]);
  const byId = new Map(changed.map((each) => [each.id, each]));
  const instances = locked.instances.map((each) => byId.get(each.id) ?? each);
  const view = gmEncounterView(locked.encounter, instances, blocks);
  const value: DamageApplied = {
    target: target.id,
    amount: input.amount,
    final_damage: dealt.final_damage,
    severity: dealt.severity,
    hp_marked_now: dealt.hp_marked_now,
    instance: view.instances.find((each) => each.id === target.id),
    also_defeated: dealt.also_defeated.map((each) => each.id),
  };
  // Players see who is defeated, never HP or this GM-only event: only a defeat is theirs to hear.
  const seenByPlayers = changed.some((each) => each.defeated);
  return changesIn(
    locked.encounter.campaign_id,
    value,
    [encounterUri(locked.encounter.id), eventsUri(locked.session.id)],
    !seenByPlayers,
  );
}

/**
 * Damage to a character (docs/campaign.md §4.28), inside a write that may hold its campaign's
 * lock already; the GM's, or its player's, to apply.
 */
export async function damageCharacter(
  repository: CampaignRepository,
  environment: CommandEnvironment,
  stamp: ReturnType<typeof stampInvocation>,
  caller: Caller,
  input: ApplyDamageInput,
): Promise<CommandResult<DamageApplied>> {
  const character = await repository.getCharacter(input.target);
  const known = character && (await accessTo(repository, character.campaign_id, caller.actor));
  if (!character || !known) throw new CampaignError("NOT_FOUND", "target not found");
  const { access } = await lockCampaignFor(repository, character.campaign_id, caller.actor);
  requireControl(access, character, "apply damage only to");
  const sheet = await repository.getSheet(character.id);
  if (!sheet) throw new CampaignError("NOT_FOUND", "target not found");
  const result = resolveDamage({
    damage: input.amount,
    major_threshold: sheet.profile.major_threshold,
    severe_threshold: sheet.profile.severe_threshold,
    resistant: input.resistant,
    massive_damage: input.massive_damage,
    mark_armor_slot: input.armor,
  });
  const hp = Math.max(0, sheet.state.hp - result.hp_marked);
  const state: CharacterState = { ...sheet.state, hp };
  const marked = sheet.state.hp - hp;
  const lastHpMarked = marked > 0 && hp === 0;
  const now = formatTimestamp(environment.now());
  const changedUris = [charactersUri(character.campaign_id)];
  if (marked > 0) {
    await Promise.all([
      repository.putState(state),
      repository.updateCharacter({ ...character, updated_at: now }),
    ]);
  }
  const logged = await logToActiveSession(repository, character.campaign_id, stamp, now, {
    type: "DAMAGE_APPLIED",
    character_id: character.id,
    payload: {
      target: character.id,
      target_name: character.name,
      amount: input.amount,
      type: input.type,
      resistant: input.resistant === true,
      final_damage: result.final_damage,
      severity: result.severity,
      armor_slot_marked: result.armor_slot_marked,
      hp_marked: marked,
      hp_before: sheet.state.hp,
      hp_after: hp,
      last_hp_marked: lastHpMarked,
    },
  });
  if (logged) changedUris.push(eventsUri(logged));
  const value: DamageApplied = {
    target: character.id,
    amount: input.amount,
    final_damage: result.final_damage,
    severity: result.severity,
    hp_marked_now: marked,
    also_defeated: [],
    state,
    last_hp_marked: lastHpMarked,
  };
  return changesIn(character.campaign_id, value, changedUris);
}
