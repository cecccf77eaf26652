/** How a countdown moves (docs/campaign.md §2.11). */
export const COUNTDOWN_KINDS = ["STANDARD", "LOOP", "DYNAMIC"] as const;
export type CountdownKind = (typeof COUNTDOWN_KINDS)[number];

/** The outcomes of a roll a DYNAMIC countdown ticks by, as the GM set them. */
export const ROLL_RESULTS = [
  "success",
  "critical",
  "failure_with_hope",
  "failure_with_fear",
] as const;
export type RollResult = (typeof ROLL_RESULTS)[number];
export type DynamicTicks = Record<RollResult, number>;

/** A countdown, keys in output order. */
export interface Countdown {
  id: string;
  campaign_id: string;
  encounter_id: string | null;
  name: string;
  kind: CountdownKind;
  start: number;
  value: number;
  state: "ACTIVE" | "TRIGGERED";
  visible_to_players: boolean;
  /** A DYNAMIC countdown's ticks per roll result; `null` for the others. */
  dynamic: DynamicTicks | null;
  /** How many times it reached 0 (a LOOP again and again). */
  triggered: number;
  /** Set when the GM deleted it; such a countdown is no longer listed. */
  deleted: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * A countdown ticked down by `by` (docs/campaign.md §2.11): at 0 it triggers; a LOOP starts
 * again at its start, the others stay at 0, triggered.
 *
 * @returns the countdown after the tick, and whether this tick triggered it
 */
export function tickCountdown(
  countdown: Countdown,
  by: number,
): { countdown: Countdown; triggered: boolean } {
  const value = Math.max(0, countdown.value - by);
  if (value > 0 || by === 0) return { countdown: { ...countdown, value }, triggered: false };
  const triggered = countdown.triggered + 1;
  if (countdown.kind === "LOOP") {
    return { countdown: { ...countdown, value: countdown.start, triggered }, triggered: true };
  }
  return { countdown: { ...countdown, value: 0, state: "TRIGGERED", triggered }, triggered: true };
}

/** The result of an action roll a DYNAMIC countdown ticks by. */
export function rollResultOf(roll: {
  success?: unknown;
  crit?: unknown;
  flavor?: unknown;
}): RollResult {
  if (roll.crit === true) return "critical";
  if (roll.success === true) return "success";
  return roll.flavor === "HOPE" ? "failure_with_hope" : "failure_with_fear";
}

/** A countdown as a player may see it: not whether it is deleted, nor its dynamic ticks. */
export function countdownView(countdown: Countdown) {
  const { campaign_id: _campaign, deleted: _deleted, ...view } = countdown;
  return view;
}
