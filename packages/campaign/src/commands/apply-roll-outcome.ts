import { CampaignError } from "../domain/campaign-error.js";
import type {
  Campaign,
  CharacterSheet,
  CharacterState,
  RollFlavor,
  SessionEvent,
} from "../domain/records.js";
import { applyRollOutcome, resolveTargets } from "../domain/roll-outcome.js";
import { sameState } from "../domain/sheet-rules.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, charactersUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { type EventDraft, nextEvents, stampInvocation } from "./event-log.js";
import { Rejection, writeOrReject } from "./rejection.js";
import { assertSessionActive, requireSessionId, sheetOfCampaign } from "./scope.js";

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

function resolvedRoll(
  event: SessionEvent | undefined,
  alreadyApplied: boolean,
  sessionId: string,
  rollSeq: number,
): ResolvedRoll {
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
  if (alreadyApplied) {
    const error = new CampaignError("FAILED_PRECONDITION", "outcome already applied");
    throw reject(sessionId, rollSeq, "OUTCOME_ALREADY_APPLIED", error, roll.character_id);
  }
  return roll;
}

function targetSheets(
  found: readonly (CharacterSheet | undefined)[],
  targetIds: readonly string[],
  campaignId: string,
  rejection: (id: string) => Rejection,
): CharacterSheet[] {
  return targetIds.map((id, index) => {
    const sheet = sheetOfCampaign(found[index], campaignId);
    if (!sheet) throw rejection(id);
    return sheet;
  });
}

/** Stores the targets' new states and the GM's Fear; returns the URIs that changed. */
async function storeOutcome(
  repository: CampaignRepository,
  sheets: readonly CharacterSheet[],
  outcome: ReturnType<typeof applyRollOutcome>,
  campaign: Campaign,
  now: string,
): Promise<string[]> {
  const writes: Promise<void>[] = [];
  const changedUris: string[] = [];
  sheets.forEach((sheet, index) => {
    const after = outcome.states[index];
    if (!after || sameState(after, sheet.state)) return;
    writes.push(repository.putState(after));
    writes.push(repository.updateCharacter({ ...sheet.character, updated_at: now }));
  });
  if (writes.length > 0) changedUris.push(charactersUri(campaign.id));
  if (outcome.gm_fear !== campaign.gm_fear) {
    writes.push(
      repository.updateCampaign({ ...campaign, gm_fear: outcome.gm_fear, updated_at: now }),
    );
    changedUris.push(CAMPAIGNS_LIST_URI, campaignUri(campaign.id));
  }
  await Promise.all(writes);
  return changedUris;
}

function outcomeEvents(
  rollSeq: number,
  roll: ResolvedRoll,
  targetIds: readonly string[],
  outcome: ReturnType<typeof applyRollOutcome>,
): EventDraft[] {
  return [
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
  ];
}

/**
 * Applies the mandatory Hope/Fear effects of one resolved roll, exactly once (campaign.md
 * §4.12): the application marker, the state changes and the `OUTCOME_APPLY_REQUESTED` /
 * `OUTCOME_APPLIED` events commit together under the campaign's write lock, so a second
 * application, from any session, process or replica, finds the marker and is refused with
 * `OUTCOME_REJECTED` logged.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the session, the roll's seq and optional targets
 * @returns every target's state after application, and the GM's Fear for a roll with Fear,
 *   once committed
 * @throws CampaignError before the session is found active; CommandFailure after
 */
export async function applyOutcomeOfRoll(
  environment: CommandEnvironment,
  caller: Caller,
  input: ApplyRollOutcomeInput,
): Promise<CommandResult<RollOutcomeApplied>> {
  const sessionId = requireSessionId(input.session_id, caller);
  const stamp = stampInvocation(environment, caller);
  const rollSeq = input.roll_seq;
  return writeOrReject(environment, stamp, async (repository) => {
    const [session, event, applied, tail] = await Promise.all([
      repository.lockSession(sessionId),
      repository.getEvent(sessionId, rollSeq),
      repository.hasOutcomeApplication(sessionId, rollSeq),
      repository.logTail(sessionId),
    ]);
    if (!session) throw new CampaignError("NOT_FOUND", "session not found");
    assertSessionActive(session);
    const roll = resolvedRoll(event, applied, sessionId, rollSeq);
    const targetIds = resolveTargets(input.targets, roll.character_id);
    const [campaign, ...found] = await Promise.all([
      repository.getCampaign(session.campaign_id),
      ...targetIds.map((id) => repository.getSheet(id)),
    ]);
    if (!campaign) throw new Error(`session ${sessionId} has no campaign`);
    const sheets = targetSheets(found, targetIds, campaign.id, (id) =>
      reject(
        sessionId,
        rollSeq,
        "CHARACTER_NOT_FOUND",
        new CampaignError("NOT_FOUND", `character not found: ${id}`),
        roll.character_id,
      ),
    );
    const outcome = applyRollOutcome(
      roll,
      sheets.map((sheet) => sheet.state),
      campaign.gm_fear,
    );
    const now = formatTimestamp(environment.now());
    const [changedUris] = await Promise.all([
      storeOutcome(repository, sheets, outcome, campaign, now),
      repository.recordOutcomeApplication(sessionId, rollSeq, now),
      repository.appendEvents(
        nextEvents(sessionId, tail, stamp, now, outcomeEvents(rollSeq, roll, targetIds, outcome)),
      ),
    ]);
    const updated: RollOutcomeApplied["updated"] = { character_states: outcome.states };
    if (roll.flavor === "FEAR" && !roll.crit) updated.gm_fear = outcome.gm_fear;
    return {
      value: { roll_seq: rollSeq, requires_complication: outcome.requires_complication, updated },
      changedUris: [eventsUri(sessionId), ...changedUris],
    };
  });
}
