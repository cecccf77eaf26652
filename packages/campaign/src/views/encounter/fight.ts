import {
  isJsonObject,
  type JsonObject,
  numberOr,
  objectsOf,
  stringOr,
} from "@tabletop-mcp/views/app";

/** Marked out of the most there is, e.g. HP 2 of 6. */
export interface Track {
  readonly marked: number;
  readonly max: number;
}

/** A stat block's damage thresholds. */
export interface Thresholds {
  readonly major: number;
  readonly severe: number;
}

/**
 * An adversary in the fight. HP, Stress, type and thresholds are the GM's to know
 * (docs/campaign.md §2.10): a player's reading has none of them, and they stay `undefined`.
 */
export interface Adversary {
  readonly id: string;
  readonly name: string;
  readonly statBlockId: string | undefined;
  readonly defeated: boolean;
  readonly conditions: readonly string[];
  readonly hp: Track | undefined;
  readonly stress: Track | undefined;
  readonly type: string | undefined;
  /** `null` for a Minion, which any damage defeats; `undefined` when not known. */
  readonly thresholds: Thresholds | null | undefined;
}

/** A countdown of the fight (docs/campaign.md §2.11). */
export interface Countdown {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly start: number;
  readonly value: number;
  readonly triggered: boolean;
  readonly visibleToPlayers: boolean;
}

/** A fight as the reader sees it at `encounter://{id}`. */
export interface Fight {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
  readonly outcome: string | null;
  /** Whether the reading is the GM's: only the GM's carries the battle points. */
  readonly gmReading: boolean;
  readonly battlePoints: { readonly spent: number; readonly budget: number } | undefined;
  readonly adversaries: readonly Adversary[];
  readonly countdowns: readonly Countdown[];
}

function trackOf(marked: unknown, max: unknown): Track | undefined {
  if (typeof max !== "number") return undefined;
  return { marked: numberOr(marked, 0), max };
}

function thresholdsOf(value: unknown): Thresholds | null | undefined {
  if (value === null) return null;
  if (!isJsonObject(value)) return undefined;
  return { major: numberOr(value.major, 0), severe: numberOr(value.severe, 0) };
}

/**
 * An adversary as an encounter, a tool's answer or `encounter://{id}` gives it.
 *
 * @param instance - the instance object
 * @returns the adversary
 */
export function readAdversary(instance: JsonObject): Adversary {
  return {
    id: stringOr(instance.id, ""),
    name: stringOr(instance.name, "An adversary"),
    statBlockId: typeof instance.adversary_id === "string" ? instance.adversary_id : undefined,
    defeated: instance.defeated === true,
    conditions: Array.isArray(instance.conditions)
      ? instance.conditions.filter((condition) => typeof condition === "string")
      : [],
    hp: trackOf(instance.hp_marked, instance.hp_max),
    stress: trackOf(instance.stress_marked, instance.stress_max),
    type: typeof instance.type === "string" ? instance.type : undefined,
    thresholds: thresholdsOf(instance.thresholds),
  };
}

/**
 * A countdown as `countdown_*` or `encounter://{id}` gives it.
 *
 * @param countdown - the countdown object
 * @returns the countdown
 */
export function readCountdown(countdown: JsonObject): Countdown {
  return {
    id: stringOr(countdown.id, ""),
    name: stringOr(countdown.name, "A countdown"),
    kind: stringOr(countdown.kind, "STANDARD"),
    start: numberOr(countdown.start, 0),
    value: numberOr(countdown.value, 0),
    triggered: countdown.state === "TRIGGERED",
    visibleToPlayers: countdown.visible_to_players === true,
  };
}

/**
 * The fight of an `encounter://{id}` reading, the GM's or a player's.
 *
 * @param encounter - the reading's `encounter` object
 * @returns the fight
 */
export function readFight(encounter: JsonObject): Fight {
  const points = encounter.battle_points;
  return {
    id: stringOr(encounter.id, ""),
    name: stringOr(encounter.name, "Encounter"),
    active: encounter.state === "ACTIVE",
    outcome: typeof encounter.outcome === "string" ? encounter.outcome : null,
    gmReading: isJsonObject(points),
    battlePoints: isJsonObject(points)
      ? { spent: numberOr(points.spent, 0), budget: numberOr(points.budget, 0) }
      : undefined,
    adversaries: objectsOf(encounter.instances).map(readAdversary),
    countdowns: objectsOf(encounter.countdowns).map(readCountdown),
  };
}

/** One card of the tracker: an adversary alone, or the Minions of one stat block together. */
export type FightEntry =
  | { readonly kind: "single"; readonly adversary: Adversary }
  | { readonly kind: "minions"; readonly name: string; readonly members: Adversary[] };

/** A Minion's stat block name: its instance's name without the number (`Reed Wisp 2`). */
function statBlockName(instanceName: string): string {
  return instanceName.replace(/ \d+$/, "");
}

/**
 * The tracker's cards in the fight's order: each Minion stat block's instances grouped into one
 * card where its first one stands (damage to one Minion spills over to the others of its
 * stat block, docs/campaign.md §4.28), every other adversary alone.
 *
 * @param adversaries - the fight's adversaries, in order
 * @returns the cards
 */
export function fightEntries(adversaries: readonly Adversary[]): FightEntry[] {
  const entries: FightEntry[] = [];
  const groups = new Map<string, Adversary[]>();
  for (const adversary of adversaries) {
    const block = adversary.statBlockId;
    if (adversary.type !== "MINION" || block === undefined) {
      entries.push({ kind: "single", adversary });
      continue;
    }
    const members = groups.get(block);
    if (members) {
      members.push(adversary);
      continue;
    }
    const started = [adversary];
    groups.set(block, started);
    entries.push({ kind: "minions", name: statBlockName(adversary.name), members: started });
  }
  return entries;
}
