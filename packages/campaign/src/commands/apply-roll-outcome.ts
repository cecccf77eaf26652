import { CampaignError } from "../domain/campaign-error.js";
import type {
  Campaign,
  Character,
  CharacterSheet,
  CharacterState,
  RollFlavor,
  Session,
  SessionEvent,
} from "../domain/records.js";
import { type Access, controlsCharacter } from "../domain/roles.js";
import { applyRollOutcome, resolveTargets } from "../domain/roll-outcome.js";
import { sameState } from "../domain/sheet-rules.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { CAMPAIGNS_LIST_URI, campaignUri, charactersUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository, LogTail } from "../storage/campaign-store.js";
import { accessToSession, visibleSession } from "./access.js";
import { changesIn } from "./changes.js";
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

/** Output of `session_roll_outcome_apply` (docs/campaign.md §4.12). */
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

/** The roll an event records, when it is a resolved action roll. */
function rollOf(event: SessionEvent | undefined): ResolvedRoll | undefined {
  if (event?.type !== "ACTION_ROLL_RESOLVED") return undefined;
  return JSON.parse(event.payload_json) as ResolvedRoll;
}

/**
 * @throws Rejection for a seq that names no event, or an event that is no resolved roll
 */
function resolvedRoll(
  event: SessionEvent | undefined,
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
  const roll = rollOf(event);
  if (!roll) {
    const error = new CampaignError("FAILED_PRECONDITION", "event is not a resolved action roll");
    throw reject(sessionId, rollSeq, "ROLL_WRONG_TYPE", error, event.character_id);
  }
  return roll;
}

/**
 * The GM may apply any roll's outcome; a player only that of a roll they made for a character
 * their seat controls (docs/campaign.md §11.2).
 *
 * @throws CampaignError `PERMISSION_DENIED`, with nothing logged
 */
function assertMayApply(
  access: Access,
  caller: Caller,
  rolledBy: string | undefined,
  roller: Character | undefined,
): void {
  if (access.role === "GM") return;
  if (rolledBy === caller.actor.subject && roller && controlsCharacter(access, roller)) return;
  throw new CampaignError(
    "PERMISSION_DENIED",
    "you may apply only outcomes of your own rolls for characters controlled by your seat",
  );
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

/** What an application reads under the session's campaign lock, all at once. */
interface ApplicationReads {
  session: Session | undefined;
  event: SessionEvent | undefined;
  applied: boolean;
  tail: LogTail | undefined;
  campaign: Campaign | undefined;
  access: Access | undefined;
  /** Who made the roll and the rolled character, when the event is a resolved roll. */
  actor: string | undefined;
  roller: Character | undefined;
  targetIds: string[];
  targets: (CharacterSheet | undefined)[];
}

/**
 * Everything an application needs, read in one go after the lock: the campaign, the caller's
 * place in it and the rolled character are looked up through the session and the event, so no
 * read waits for another's answer (on PostgreSQL, one round trip).
 */
async function readForApplication(
  repository: CampaignRepository,
  caller: Caller,
  sessionId: string,
  input: ApplyRollOutcomeInput,
): Promise<ApplicationReads> {
  const named = input.targets && input.targets.length > 0 ? [...new Set(input.targets)] : [];
  const [session, event, applied, tail, campaign, access, eventSheet, ...namedSheets] =
    await Promise.all([
      repository.lockSession(sessionId),
      repository.getEvent(sessionId, input.roll_seq),
      repository.hasOutcomeApplication(sessionId, input.roll_seq),
      repository.logTail(sessionId),
      repository.getSessionCampaign(sessionId),
      accessToSession(repository, sessionId, caller.actor),
      repository.getEventSheet(sessionId, input.roll_seq),
      ...named.map((id) => repository.getSheet(id)),
    ]);
  if (!session) throw new CampaignError("NOT_FOUND", "session not found");
  const roll = rollOf(event);
  const roller = roll ? eventSheet?.character : undefined;
  const targetIds = roll ? resolveTargets(input.targets, roll.character_id) : [];
  const targets = !roll ? [] : named.length > 0 ? namedSheets : [eventSheet];
  const actor = event?.actor;
  return { session, event, applied, tail, campaign, access, actor, roller, targetIds, targets };
}

/**
 * Applies the mandatory Hope/Fear effects of one resolved roll, exactly once
 * (docs/campaign.md §4.12): the application marker, the state changes and the
 * `OUTCOME_APPLY_REQUESTED` / `OUTCOME_APPLIED` events commit together under the campaign's
 * write lock, so a second application, from any session, process or replica, finds the marker
 * and is refused with `OUTCOME_REJECTED` logged. A player may apply only the outcome of a roll
 * they made for a character their seat controls.
 *
 * @param environment - store, clock and ids
 * @param caller - the calling MCP session
 * @param input - the session, the roll's seq and optional targets
 * @returns every target's state after application, and the GM's Fear for a roll with Fear,
 *   once committed
 * @throws CampaignError before the session is found active and for a refused permission;
 *   CommandFailure for the refusals that are logged
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
    const reads = await readForApplication(repository, caller, sessionId, input);
    const { session, access } = visibleSession(reads.session, reads.access);
    assertSessionActive(session);
    const roll = resolvedRoll(reads.event, sessionId, rollSeq);
    const { campaign, targetIds } = reads;
    if (!campaign) throw new Error(`session ${sessionId} has no campaign`);
    assertMayApply(access, caller, reads.actor, reads.roller);
    if (reads.applied) {
      const error = new CampaignError("FAILED_PRECONDITION", "outcome already applied");
      throw reject(sessionId, rollSeq, "OUTCOME_ALREADY_APPLIED", error, roll.character_id);
    }
    const sheets = targetSheets(reads.targets, targetIds, campaign.id, (id) =>
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
    const events = outcomeEvents(rollSeq, roll, targetIds, outcome);
    const [changedUris] = await Promise.all([
      storeOutcome(repository, sheets, outcome, campaign, now),
      repository.recordOutcomeApplication(sessionId, rollSeq, now),
      repository.appendEvents(nextEvents(sessionId, reads.tail, stamp, now, events)),
    ]);
    const updated: RollOutcomeApplied["updated"] = { character_states: outcome.states };
    if (roll.flavor === "FEAR" && !roll.crit) updated.gm_fear = outcome.gm_fear;
    const value = {
      roll_seq: rollSeq,
      requires_complication: outcome.requires_complication,
      updated,
    };
    return changesIn(campaign.id, value, [eventsUri(sessionId), ...changedUris]);
  });
}
