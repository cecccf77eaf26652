import {
  type ResolvedActionRoll,
  type RollModifier,
  resolveActionRoll,
} from "../domain/action-roll.js";
import { CampaignError } from "../domain/campaign-error.js";
import type { CharacterSheet, RollFlavor } from "../domain/records.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { normalizeTrait, traitValue } from "../domain/traits.js";
import { eventsUri } from "../resource-uris.js";
import { lockCampaignFor, requireControl } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { type EventDraft, nextEvents, stampInvocation } from "./event-log.js";
import { Rejection, writeOrReject } from "./rejection.js";
import {
  assertSessionActive,
  requireCampaignId,
  requireSessionId,
  sessionOfCampaign,
  sheetOfCampaign,
} from "./scope.js";

/** Input of `session_action_roll`, modifier sources already trimmed. */
export interface ActionRollInput {
  campaign_id?: string | undefined;
  session_id?: string | undefined;
  character_id: string;
  trait: string;
  difficulty: number;
  modifiers?: RollModifier[] | undefined;
  advantage?: number | undefined;
  disadvantage?: number | undefined;
}

/** Output of `session_action_roll` (docs/campaign.md §4.11). */
export interface ActionRollOutput {
  roll_seq: number;
  hope_die: number;
  fear_die: number;
  advantage_die?: number;
  disadvantage_die?: number;
  total: number;
  difficulty: number;
  success: boolean;
  flavor: RollFlavor;
  crit: boolean;
}

function rejectRequest(sessionId: string, characterId: string, error: CampaignError): Rejection {
  return new Rejection(error, sessionId, {
    type: "REQUEST_REJECTED",
    character_id: characterId,
    payload: { tool: "session_action_roll", reason_code: error.code, message: error.message },
  });
}

function rollerOf(
  sheet: CharacterSheet | undefined,
  sessionId: string,
  campaignId: string,
  characterId: string,
): CharacterSheet {
  const roller = sheetOfCampaign(sheet, campaignId);
  if (!roller) {
    throw rejectRequest(
      sessionId,
      characterId,
      new CampaignError("NOT_FOUND", "character not found"),
    );
  }
  return roller;
}

function lookUpTrait(sheet: CharacterSheet, sessionId: string, trait: string): number {
  try {
    return traitValue(sheet.profile.traits, trait);
  } catch (error) {
    if (error instanceof CampaignError) throw rejectRequest(sessionId, sheet.character.id, error);
    throw error;
  }
}

function rollOutput(
  rollSeq: number,
  roll: ResolvedActionRoll,
  difficulty: number,
): ActionRollOutput {
  return {
    roll_seq: rollSeq,
    ...roll.dice,
    total: roll.total,
    difficulty,
    success: roll.success,
    flavor: roll.flavor,
    crit: roll.crit,
  };
}

/** A roll's request with the defaults filled in and the trait normalised. */
interface RollRequest {
  trait: string;
  difficulty: number;
  modifiers: RollModifier[];
  advantage: number;
  disadvantage: number;
}

/** What a roll logs: the request as given, then the resolution (docs/campaign.md §5). */
function rollEvents(
  characterId: string,
  request: RollRequest,
  traitValue: number,
  roll: ResolvedActionRoll,
): EventDraft[] {
  const { trait, difficulty, modifiers, advantage, disadvantage } = request;
  return [
    {
      type: "ACTION_ROLL_REQUESTED",
      character_id: characterId,
      payload: {
        character_id: characterId,
        trait,
        difficulty,
        modifiers,
        advantage,
        disadvantage,
      },
    },
    {
      type: "ACTION_ROLL_RESOLVED",
      character_id: characterId,
      payload: {
        character_id: characterId,
        trait,
        trait_value: traitValue,
        modifiers,
        modifier_total: roll.modifier_total,
        dice: roll.dice,
        total: roll.total,
        difficulty,
        success: roll.success,
        flavor: roll.flavor,
        crit: roll.crit,
      },
    },
  ];
}

/**
 * Rolls an action with a character's trait in an active session (docs/campaign.md §4.11) and
 * logs `ACTION_ROLL_REQUESTED` then `ACTION_ROLL_RESOLVED` together. No state changes: effects
 * come from applying the outcome. An unknown character or trait is refused and logged as
 * `REQUEST_REJECTED`; a player rolling for a character their seat does not control is refused
 * with nothing logged.
 *
 * @param environment - store, clock, ids and dice
 * @param caller - the calling MCP session
 * @param input - the roll
 * @returns the dice and classification, with `roll_seq` the seq of the resolved event, once
 *   committed
 * @throws CampaignError before the session is found active; CommandFailure after
 */
export async function rollActionInSession(
  environment: CommandEnvironment,
  caller: Caller,
  input: ActionRollInput,
): Promise<CommandResult<ActionRollOutput>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const sessionId = requireSessionId(input.session_id, caller);
  const stamp = stampInvocation(environment, caller);
  const request: RollRequest = {
    trait: normalizeTrait(input.trait),
    difficulty: input.difficulty,
    modifiers: input.modifiers ?? [],
    advantage: input.advantage ?? 0,
    disadvantage: input.disadvantage ?? 0,
  };
  return writeOrReject(environment, stamp, async (repository) => {
    const [{ access }, session, sheet, tail] = await Promise.all([
      lockCampaignFor(repository, campaignId, caller.actor),
      repository.getSession(sessionId),
      repository.getSheet(input.character_id),
      repository.logTail(sessionId),
    ]);
    assertSessionActive(sessionOfCampaign(session, campaignId));
    const roller = rollerOf(sheet, sessionId, campaignId, input.character_id);
    requireControl(access, roller.character, "roll only for");
    const value = lookUpTrait(roller, sessionId, request.trait);
    const roll = resolveActionRoll({ traitValue: value, ...request }, environment.rollDie);
    const now = formatTimestamp(environment.now());
    const events = nextEvents(
      sessionId,
      tail,
      stamp,
      now,
      rollEvents(roller.character.id, request, value, roll),
    );
    await repository.appendEvents(events);
    const resolved = events[1];
    if (!resolved) throw new Error("roll was not appended");
    const output = rollOutput(resolved.seq, roll, input.difficulty);
    return changesIn(campaignId, output, [eventsUri(sessionId)]);
  });
}
