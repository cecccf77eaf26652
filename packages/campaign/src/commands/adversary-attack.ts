import { createCryptoSource } from "@tabletop-mcp/dice/engine";
import { InvalidParametersError } from "@tabletop-mcp/kit";
import type { Adversary } from "../domain/adversaries.js";
import { type AttackRoll, rollAttack } from "../domain/adversary-attack.js";
import { CampaignError } from "../domain/campaign-error.js";
import { adjustGmFear as nextGmFear } from "../domain/gm-fear.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { type DamageApplied, damageCharacter } from "./apply-damage.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { lockActiveEncounter } from "./encounter-access.js";
import { blocksOf } from "./encounter-views.js";
import { appendEvents, type EventDraft, stampInvocation } from "./event-log.js";

/** Input of `adversary_attack`. */
export interface AdversaryAttackInput {
  encounter_id?: string | undefined;
  instance: string;
  /** The character attacked. */
  target: string;
  advantage?: number | undefined;
  disadvantage?: number | undefined;
  spend_fear_for_experience?: string | undefined;
  apply?: boolean | undefined;
}

/** What `adversary_attack` answers (docs/campaign.md §4.31). */
export interface AttackAnswer extends Omit<AttackRoll, "damage_notation"> {
  instance: string;
  target: string;
  applied?: DamageApplied;
}

/**
 * An adversary in an active fight attacks a character (docs/campaign.md §4.31): rolled with
 * the dice server's engine against the character's Evasion, Fear spent on an experience when
 * asked, the damage applied when asked. Only the GM may. Every roll is logged with its dice.
 *
 * @throws CampaignError for an unknown fight, instance or character, a player, an ended fight or
 *   session, a defeated attacker, too little Fear; InvalidParametersError for an experience the
 *   stat block does not have
 */
export async function adversaryAttack(
  environment: CommandEnvironment,
  caller: Caller,
  input: AdversaryAttackInput,
): Promise<CommandResult<AttackAnswer>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const found = await repository.getInstance(input.instance);
    if (!found) throw new CampaignError("NOT_FOUND", "instance not found");
    const locked = await lockActiveEncounter(
      repository,
      input.encounter_id ?? found.encounter_id,
      caller.actor,
      "attack with adversaries",
    );
    const attacker = locked.instances.find((each) => each.id === input.instance && !each.removed);
    if (!attacker) throw new CampaignError("NOT_FOUND", "instance not found");
    if (attacker.defeated) throw new CampaignError("FAILED_PRECONDITION", "instance is defeated");
    const campaignId = locked.encounter.campaign_id;
    const [blocks, sheet] = await Promise.all([
      blocksOf(repository, [attacker]),
      repository.getSheet(input.target),
    ]);
    const block = blocks.get(attacker.adversary_id);
    if (!block) throw new CampaignError("NOT_FOUND", "adversary not found");
    if (!sheet || sheet.character.campaign_id !== campaignId) {
      throw new CampaignError("NOT_FOUND", "character not found");
    }
    const experience = experienceOf(block, input.spend_fear_for_experience);
    const now = formatTimestamp(environment.now());
    const drafts: EventDraft[] = [];
    const changed = [eventsUri(locked.session.id)];
    if (experience) {
      drafts.push(await spendFear(repository, campaignId, experience.name, attacker.name, now));
      changed.push(CAMPAIGNS_LIST_URI, campaignUri(campaignId));
    }
    const roll = rollAttack(environment.random ?? createCryptoSource(), {
      block,
      instance: attacker,
      evasion: sheet.profile.evasion,
      advantage: input.advantage ?? 0,
      disadvantage: input.disadvantage ?? 0,
      experienceBonus: experience?.bonus ?? 0,
    });
    drafts.push(attackEvent(attacker.id, attacker.name, sheet.character, roll, experience?.name));
    await appendEvents(repository, locked.session.id, stamp, now, drafts);
    const { damage_notation: _notation, ...rolled } = roll;
    const answer: AttackAnswer = { instance: attacker.id, target: sheet.character.id, ...rolled };
    if (input.apply === true && roll.damage !== null) {
      const applied = await damageCharacter(repository, environment, stamp, caller, {
        target: sheet.character.id,
        amount: roll.damage,
        type: block.attack.damage_type,
      });
      answer.applied = applied.value;
      changed.push(...applied.changedUris);
    }
    return changesIn(campaignId, answer, [...new Set(changed)]);
  });
}

/** The experience the GM spends Fear on, if any, which the stat block must have. */
function experienceOf(block: Adversary, name: string | undefined) {
  if (name === undefined) return undefined;
  const experience = block.experiences.find((each) => each.name === name);
  if (experience) return experience;
  const known = block.experiences.map((each) => JSON.stringify(each.name)).join(", ");
  throw new InvalidParametersError([
    {
      parameter: "spend_fear_for_experience",
      issue: `${JSON.stringify(name)} is not an experience of ${block.name}; it has ${known || "none"}`,
    },
  ]);
}

/** Spends the one Fear an experience costs, and says so in the log. */
async function spendFear(
  repository: CampaignRepository,
  campaignId: string,
  experience: string,
  attacker: string,
  now: string,
): Promise<EventDraft> {
  const campaign = await repository.getCampaign(campaignId);
  if (!campaign) throw new CampaignError("NOT_FOUND", "campaign not found");
  const after = nextGmFear(campaign.gm_fear, -1);
  await repository.updateCampaign({ ...campaign, gm_fear: after, updated_at: now });
  return {
    type: "GM_FEAR_SPENT",
    payload: {
      campaign_id: campaignId,
      before: campaign.gm_fear,
      after,
      spent: 1,
      reason: `experience ${experience} for ${attacker}`,
    },
  };
}

function attackEvent(
  instanceId: string,
  instanceName: string,
  character: { id: string; name: string },
  roll: AttackRoll,
  experience: string | undefined,
): EventDraft {
  return {
    type: "ADVERSARY_ATTACK_ROLLED",
    character_id: character.id,
    payload: {
      instance: instanceId,
      instance_name: instanceName,
      target: character.id,
      target_name: character.name,
      d20s: roll.d20s,
      d20: roll.d20,
      modifier: roll.modifier,
      experience: experience ?? null,
      experience_bonus: roll.experience_bonus,
      total: roll.total,
      evasion: roll.evasion,
      hit: roll.hit,
      critical: roll.critical,
      damage: roll.damage,
      damage_rolls: roll.damage_rolls,
    },
  };
}
