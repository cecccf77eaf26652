import { InvalidParametersError } from "@tabletop-mcp/kit";
import { CampaignError } from "../domain/campaign-error.js";
import {
  type Countdown,
  type CountdownKind,
  countdownView,
  type DynamicTicks,
  rollResultOf,
  tickCountdown,
} from "../domain/countdowns.js";
import { formatTimestamp } from "../domain/timestamps.js";
import { countdownsUri, encounterUri, eventsUri } from "../resource-uris.js";
import type { CampaignRepository } from "../storage/campaign-store.js";
import { accessTo, lockCampaignFor, requireGm } from "./access.js";
import { changesIn } from "./changes.js";
import type { Caller, CommandEnvironment, CommandResult } from "./command-environment.js";
import { type EventDraft, logToActiveSession, stampInvocation } from "./event-log.js";
import { requireCampaignId } from "./scope.js";

/** Input of `countdown_create`, the name already trimmed. */
export interface CreateCountdownInput {
  campaign_id?: string | undefined;
  name: string;
  start: number;
  kind: CountdownKind;
  visible_to_players?: boolean | undefined;
  encounter_id?: string | undefined;
  dynamic?: DynamicTicks | undefined;
}

/** Input of `countdown_tick`: by a number, or (DYNAMIC) by an action roll's result. */
export interface TickCountdownInput {
  countdown_id: string;
  by?: number | undefined;
  by_roll?: number | undefined;
  session_id?: string | undefined;
}

/** A countdown as the tools answer it. */
export type CountdownAnswer = ReturnType<typeof countdownView>;

/**
 * Creates a countdown in a campaign (docs/campaign.md §4.32). Only the GM may.
 *
 * @throws CampaignError for an unknown campaign or encounter, or a player
 */
export async function createCountdown(
  environment: CommandEnvironment,
  caller: Caller,
  input: CreateCountdownInput,
): Promise<CommandResult<CountdownAnswer>> {
  const campaignId = requireCampaignId(input.campaign_id, caller);
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const { access } = await lockCampaignFor(repository, campaignId, caller.actor);
    requireGm(access, "create countdowns");
    if (input.encounter_id !== undefined) {
      const encounter = await repository.getEncounter(input.encounter_id);
      if (encounter?.campaign_id !== campaignId) {
        throw new CampaignError("NOT_FOUND", "encounter not found");
      }
    }
    const now = formatTimestamp(environment.now());
    const countdown: Countdown = {
      id: environment.newId("cd"),
      campaign_id: campaignId,
      encounter_id: input.encounter_id ?? null,
      name: input.name,
      kind: input.kind,
      start: input.start,
      value: input.start,
      state: "ACTIVE",
      visible_to_players: input.visible_to_players === true,
      dynamic: input.dynamic ?? null,
      triggered: 0,
      deleted: false,
      created_at: now,
      updated_at: now,
    };
    await repository.insertCountdown(countdown);
    return recorded(repository, stamp, countdown, now, {
      type: "COUNTDOWN_CREATED",
      payload: { countdown: countdownView(countdown) },
    });
  });
}

/**
 * Ticks a countdown down (docs/campaign.md §4.33): by 1, by `by`, or, for a DYNAMIC one, by
 * what the GM set for an action roll's result. At 0 it triggers. Only the GM may.
 *
 * @throws CampaignError for an unknown countdown, session or roll, a player, or a countdown
 *   that has triggered; InvalidParametersError for `by_roll` on a countdown that is not DYNAMIC
 */
export async function tickCountdownCommand(
  environment: CommandEnvironment,
  caller: Caller,
  input: TickCountdownInput,
): Promise<CommandResult<CountdownAnswer>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const countdown = await lockedCountdown(
      repository,
      input.countdown_id,
      caller,
      "tick countdowns",
    );
    if (countdown.state === "TRIGGERED") {
      throw new CampaignError("FAILED_PRECONDITION", "countdown has triggered");
    }
    const step = await stepOf(repository, countdown, input);
    const ticked = tickCountdown(countdown, step.by);
    const now = formatTimestamp(environment.now());
    const after = { ...ticked.countdown, updated_at: now };
    await repository.updateCountdown(after);
    return recorded(repository, stamp, after, now, {
      type: "COUNTDOWN_TICKED",
      payload: {
        countdown_id: countdown.id,
        name: countdown.name,
        by: step.by,
        ...step.roll,
        before: countdown.value,
        after: after.value,
        triggered: ticked.triggered,
      },
    });
  });
}

/**
 * Deletes a countdown (docs/campaign.md §4.34): no longer listed; its record stays. Only the
 * GM may.
 *
 * @throws CampaignError for an unknown countdown or a player
 */
export async function deleteCountdown(
  environment: CommandEnvironment,
  caller: Caller,
  input: { countdown_id: string },
): Promise<CommandResult<CountdownAnswer>> {
  const stamp = stampInvocation(environment, caller);
  return environment.store.write(async (repository) => {
    const countdown = await lockedCountdown(
      repository,
      input.countdown_id,
      caller,
      "delete countdowns",
    );
    const now = formatTimestamp(environment.now());
    const deleted = { ...countdown, deleted: true, updated_at: now };
    await repository.updateCountdown(deleted);
    return recorded(repository, stamp, deleted, now, {
      type: "COUNTDOWN_DELETED",
      payload: { countdown_id: countdown.id, name: countdown.name },
    });
  });
}

/** A countdown the GM acts on, its campaign locked; deleted ones are not found. */
async function lockedCountdown(
  repository: CampaignRepository,
  countdownId: string,
  caller: Caller,
  action: string,
): Promise<Countdown> {
  const found = await repository.getCountdown(countdownId);
  const known = found && (await accessTo(repository, found.campaign_id, caller.actor));
  if (!found || !known || found.deleted) {
    throw new CampaignError("NOT_FOUND", "countdown not found");
  }
  const { access } = await lockCampaignFor(repository, found.campaign_id, caller.actor);
  requireGm(access, action);
  const countdown = await repository.getCountdown(countdownId);
  if (!countdown || countdown.deleted) throw new CampaignError("NOT_FOUND", "countdown not found");
  return countdown;
}

/** How far a tick goes, and the roll it went by, if any. */
async function stepOf(
  repository: CampaignRepository,
  countdown: Countdown,
  input: TickCountdownInput,
): Promise<{ by: number; roll: Record<string, unknown> }> {
  if (input.by_roll === undefined) return { by: input.by ?? 1, roll: {} };
  if (countdown.kind !== "DYNAMIC" || countdown.dynamic === null) {
    throw new InvalidParametersError([
      {
        parameter: "by_roll",
        issue: `Only a DYNAMIC countdown ticks by a roll; this one is ${countdown.kind}`,
      },
    ]);
  }
  const sessionId =
    input.session_id ?? (await repository.findActiveSession(countdown.campaign_id))?.id;
  if (sessionId === undefined) {
    throw new CampaignError("FAILED_PRECONDITION", "no active session: name the roll's session_id");
  }
  const [session, event] = await Promise.all([
    repository.getSession(sessionId),
    repository.getEvent(sessionId, input.by_roll),
  ]);
  if (session?.campaign_id !== countdown.campaign_id || event?.type !== "ACTION_ROLL_RESOLVED") {
    throw new CampaignError("NOT_FOUND", "roll not found");
  }
  const result = rollResultOf(JSON.parse(event.payload_json) as Record<string, unknown>);
  return {
    by: countdown.dynamic[result],
    roll: { roll_seq: input.by_roll, roll_result: result },
  };
}

/**
 * Logs a countdown's change in the active session, if any, for the GM alone when players may
 * not see the countdown, and answers it.
 */
async function recorded(
  repository: CampaignRepository,
  stamp: ReturnType<typeof stampInvocation>,
  countdown: Countdown,
  now: string,
  draft: EventDraft,
): Promise<CommandResult<CountdownAnswer>> {
  const hidden = !countdown.visible_to_players;
  const logged = await logToActiveSession(repository, countdown.campaign_id, stamp, now, {
    ...draft,
    ...(hidden ? { gm_only: true as const } : {}),
  });
  const changed = [countdownsUri(countdown.campaign_id)];
  if (countdown.encounter_id !== null) changed.push(encounterUri(countdown.encounter_id));
  if (logged) changed.push(eventsUri(logged));
  return changesIn(countdown.campaign_id, countdownView(countdown), changed, hidden);
}
