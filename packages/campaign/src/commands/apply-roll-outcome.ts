import { CampaignError } from "../domain/campaign-error.js";
import type { CharacterState, RollFlavor, SessionEvent } from "../domain/records.js";
import { applyRollOutcome, resolveTargets } from "../domain/roll-outcome.js";
import { sameState } from "../domain/sheet-rules.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, charactersUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { appendEvents, stampInvocation } from "./event-log.js";
import { Rejection, writeOrReject } from "./rejection.js";
import { assertSessionActive, type CharacterSheet, findSheet, requireSessionId } from "./scope.js";

/** Input of `session_roll_outcome_apply`. */
export interface ApplyRollOutcomeInput {
  session_id?: string | undefined;
  roll_seq: number;
  targets?: string[] | undefined;
}

/** Output of `session_roll_outcome_apply` (campaign.md §4.12). */
export interface RollOutcomeApplied {
  roll_seq: number;
  requires_complication: boolean;
  updated: { character_states: CharacterState[]; gm_fear?: number };
}

/** Why an application was refused, as the `OUTCOME_REJECTED` event names it. */
type OutcomeRejectionReason =
  | "ROLL_NOT_FOUND"
  | "ROLL_WRONG_TYPE"
  | "OUTCOME_ALREADY_APPLIED"
  | "CHARACTER_NOT_FOUND";

/** What the outcome needs from the resolved roll's payload. */
interface ResolvedRoll {
  character_id: string;
  flavor: RollFlavor;
  crit: boolean;
}

function reject(
  sessionId: string,
  rollSeq: number,
  reason: OutcomeRejectionReason,
  error: CampaignError,
  characterId?: string,
): Rejection {
  return new Rejection(error, sessionId, {
    type: "OUTCOME_REJECTED",
    character_id: characterId,
    payload: { roll_seq: rollSeq, reason_code: reason, message: error.message },
  });
}

function loadResolvedRoll(
  repository: CampaignRepository,
  sessionId: string,
  rollSeq: number,
): ResolvedRoll {
  const event: SessionEvent | undefined = repository.getEvent(sessionId, rollSeq);
  if (!event) {
    throw reject(
      sessionId,
      rollSeq,
      "ROLL_NOT_FOUND",
      new CampaignError("NOT_FOUND", "roll not found"),
    );
  }
  if (event.type !== "ACTION_ROLL_RESOLVED") {
    const error = new CampaignError("FAILED_PRECONDITION", "event is not a resolved action roll");
    throw reject(sessionId, rollSeq, "ROLL_WRONG_TYPE", error, event.character_id);
  }
  const roll = JSON.parse(event.payload_json) as ResolvedRoll;
  if (repository.hasOutcomeApplication(sessionId, rollSeq)) {
    const error = new CampaignError("FAILED_PRECONDITION", "outcome already applied");
    throw reject(sessionId, rollSeq, "OUTCOME_ALREADY_APPLIED", error, roll.character_id);
  }
  return roll;
}

function loadTargets(
  repository: CampaignRepository,
  sessionId: string,
  campaignId: string,
  rollSeq: number,
  roll: ResolvedRoll,
  targetIds: readonly string[],
): CharacterSheet[] {
  return targetIds.map((id) => {
    const sheet = findSheet(repository, id, campaignId);
    if (!sheet) {
      const error = new CampaignError("NOT_FOUND", `character not found: ${id}`);
      throw reject(sessionId, rollSeq, "CHARACTER_NOT_FOUND", error, roll.character_id);
    }
    return sheet;
  });
}

/**
 * Applies the mandatory Hope/Fear effects of one resolved roll, exactly once (campaign.md
 * §4.12): the application marker, the state changes and the `OUTCOME_APPLY_REQUESTED` /
 * `OUTCOME_APPLIED` events commit together, so a second application, from any session or
 * process, finds the marker and is refused with `OUTCOME_REJECTED` logged.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the session, the roll's seq and optional targets
 * @returns every target's state after application, and the GM's Fear for a roll with Fear
 * @throws CampaignError before the session is found active; CommandFailure after
 */
export function applyOutcomeOfRoll(
  environment: CommandEnvironment,
  caller: Caller,
  input: ApplyRollOutcomeInput,
): CommandResult<RollOutcomeApplied> {
  const sessionId = requireSessionId(input.session_id, caller);
  const stamp = stampInvocation(environment, caller);
  const rollSeq = input.roll_seq;
  return writeOrReject(environment, stamp, (repository) => {
    const session = repository.getSession(sessionId);
    if (!session) throw new CampaignError("NOT_FOUND", "session not found");
    assertSessionActive(session);
    const campaignId = session.campaign_id;
    const roll = loadResolvedRoll(repository, sessionId, rollSeq);
    const targetIds = resolveTargets(input.targets, roll.character_id);
    const sheets = loadTargets(repository, sessionId, campaignId, rollSeq, roll, targetIds);
    const campaign = repository.getCampaign(campaignId);
    if (!campaign) throw new Error(`session ${sessionId} has no campaign`);
    const outcome = applyRollOutcome(
      roll,
      sheets.map((sheet) => sheet.state),
      campaign.gm_fear,
    );
    const now = formatTimestamp(environment.now());
    const changedUris = [eventsUri(sessionId)];
    let statesChanged = false;
    sheets.forEach((sheet, index) => {
      const after = outcome.states[index];
      if (!after || sameState(after, sheet.state)) return;
      repository.putState(after);
      repository.updateCharacter({ ...sheet.character, updated_at: now });
      statesChanged = true;
    });
    if (statesChanged) changedUris.push(charactersUri(campaignId));
    if (outcome.gm_fear !== campaign.gm_fear) {
      repository.updateCampaign({ ...campaign, gm_fear: outcome.gm_fear, updated_at: now });
      changedUris.push(CAMPAIGNS_LIST_URI, campaignUri(campaignId));
    }
    repository.recordOutcomeApplication(sessionId, rollSeq, now);
    appendEvents(repository, sessionId, stamp, now, [
      {
        type: "OUTCOME_APPLY_REQUESTED",
        character_id: roll.character_id,
        payload: { roll_seq: rollSeq, targets: targetIds },
      },
      {
        type: "OUTCOME_APPLIED",
        character_id: roll.character_id,
        payload: {
          roll_seq: rollSeq,
          targets: targetIds,
          requires_complication: outcome.requires_complication,
          applied_changes: outcome.applied_changes,
        },
      },
    ]);
    const updated: RollOutcomeApplied["updated"] = { character_states: outcome.states };
    if (roll.flavor === "FEAR" && !roll.crit) updated.gm_fear = outcome.gm_fear;
    return {
      value: { roll_seq: rollSeq, requires_complication: outcome.requires_complication, updated },
      changedUris,
    };
  });
}
