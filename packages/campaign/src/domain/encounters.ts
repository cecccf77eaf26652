import type { AdversaryType } from "./adversaries.js";

/** How hard the GM means a fight to be (docs/campaign.md §2.10). */
export const ENCOUNTER_DIFFICULTIES = ["STANDARD", "EASIER", "HARDER"] as const;
export type EncounterDifficulty = (typeof ENCOUNTER_DIFFICULTIES)[number];

/** The GM's adjustments of a fight's battle points. */
export const BUDGET_ADJUSTMENTS = [
  "TWO_OR_MORE_SOLOS",
  "BOOSTED_DAMAGE",
  "LOWER_TIER_ADVERSARY",
  "NO_HEAVY_HITTERS",
] as const;
export type BudgetAdjustment = (typeof BUDGET_ADJUSTMENTS)[number];

/** What may hold an adversary in a fight. */
export const CONDITIONS = ["HIDDEN", "RESTRAINED", "VULNERABLE"] as const;
export type Condition = (typeof CONDITIONS)[number];

export type EncounterState = "ACTIVE" | "ENDED";

/** A fight in a session, keys in output order (docs/campaign.md §2.10). */
export interface Encounter {
  id: string;
  campaign_id: string;
  session_id: string;
  name: string;
  state: EncounterState;
  difficulty: EncounterDifficulty;
  adjustments: BudgetAdjustment[];
  /** The party's characters, as the fight began. */
  party: string[];
  outcome: string | null;
  started_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** One adversary in a fight, keys in output order. */
export interface EncounterInstance {
  id: string;
  encounter_id: string;
  adversary_id: string;
  /** Its number among the instances of its stat block in the fight, from 1, never reused. */
  number: number;
  /** `<stat block name> <number>`. */
  name: string;
  defeated: boolean;
  hp_marked: number;
  stress_marked: number;
  conditions: Condition[];
  /** Set when the GM took it out of the fight; such an instance is no longer listed. */
  removed: boolean;
}

/** The battle points a fight may spend, what it has spent, and what is left (maybe < 0). */
export interface BattlePoints {
  budget: number;
  spent: number;
  left: number;
  /** Whether the adversaries cost more than the budget: allowed, and said. */
  over: boolean;
}

const DIFFICULTY_POINTS: Record<EncounterDifficulty, number> = {
  STANDARD: 0,
  EASIER: -1,
  HARDER: 2,
};

const ADJUSTMENT_POINTS: Record<BudgetAdjustment, number> = {
  TWO_OR_MORE_SOLOS: -2,
  BOOSTED_DAMAGE: -2,
  LOWER_TIER_ADVERSARY: 1,
  NO_HEAVY_HITTERS: 1,
};

/** What one adversary of a type costs; Minions are costed by the group (below). */
const TYPE_COST: Record<Exclude<AdversaryType, "MINION">, number> = {
  SOCIAL: 1,
  SUPPORT: 1,
  HORDE: 2,
  RANGED: 2,
  SKULK: 2,
  STANDARD: 2,
  LEADER: 3,
  BRUISER: 4,
  SOLO: 5,
};

/**
 * A fight's battle points (docs/campaign.md §2.10): a budget of three per party member plus
 * two, moved by the difficulty and the adjustments; each adversary costs by its type, and the
 * Minions of one stat block cost one point per group as large as the party (a part group
 * counts whole).
 *
 * @param partySize - how many characters the party holds, at least one
 * @param difficulty - the fight's difficulty
 * @param adjustments - the GM's adjustments, each counted once
 * @param fighters - the type and stat block of every adversary put in the fight
 */
export function battlePoints(
  partySize: number,
  difficulty: EncounterDifficulty,
  adjustments: readonly BudgetAdjustment[],
  fighters: readonly { adversary_id: string; type: AdversaryType }[],
): BattlePoints {
  let budget = 3 * partySize + 2 + DIFFICULTY_POINTS[difficulty];
  for (const adjustment of new Set(adjustments)) budget += ADJUSTMENT_POINTS[adjustment];
  const minions = new Map<string, number>();
  let spent = 0;
  for (const fighter of fighters) {
    if (fighter.type === "MINION") {
      minions.set(fighter.adversary_id, (minions.get(fighter.adversary_id) ?? 0) + 1);
    } else spent += TYPE_COST[fighter.type];
  }
  for (const count of minions.values()) spent += Math.ceil(count / partySize);
  return { budget, spent, left: budget - spent, over: spent > budget };
}
