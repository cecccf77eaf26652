import { assertModifierAndDifficulty, DUALITY_DIE_SIDES } from "./duality-dice.js";
import {
  type AdvantageCounts,
  EXTRA_DIE_SIDES,
  type ExtraDieKind,
  netExtraDie,
} from "./extra-die.js";
import { type DualityOutcome, meetsDifficulty, selectOutcome } from "./outcome.js";

/** Input of `duality_probability` (docs/duality.md §3.5). */
export interface ProbabilityInput extends AdvantageCounts {
  readonly modifier?: number | undefined;
  readonly difficulty?: number | undefined;
}

/** How many equally likely dice combinations give one outcome. */
export interface OutcomeCount {
  outcome: DualityOutcome;
  count: number;
}

/** Output of `duality_probability`: exact counts, no sampling, no floating point. */
export interface ProbabilityResult {
  total_outcomes: number;
  crit_count: number;
  /** Non-critical successes; `null` without a difficulty. */
  success_count: number | null;
  /** Failures; `null` without a difficulty. */
  failure_count: number | null;
  outcome_counts: OutcomeCount[];
}

const LISTED_WITH_DIFFICULTY: readonly DualityOutcome[] = [
  "CRITICAL_SUCCESS",
  "SUCCESS_WITH_HOPE",
  "SUCCESS_WITH_FEAR",
  "FAILURE_WITH_HOPE",
  "FAILURE_WITH_FEAR",
];

const LISTED_WITHOUT_DIFFICULTY: readonly DualityOutcome[] = [
  "CRITICAL_SUCCESS",
  "ROLL_WITH_HOPE",
  "ROLL_WITH_FEAR",
];

function extraDieDeltas(kind: ExtraDieKind): number[] {
  if (kind === "none") return [0];
  const sign = kind === "advantage" ? 1 : -1;
  return Array.from({ length: EXTRA_DIE_SIDES }, (_, index) => sign * (index + 1));
}

function countOutcomes(
  modifier: number,
  difficulty: number | undefined,
  deltas: readonly number[],
): Record<DualityOutcome, number> {
  const counts: Record<DualityOutcome, number> = {
    ROLL_WITH_HOPE: 0,
    ROLL_WITH_FEAR: 0,
    SUCCESS_WITH_HOPE: 0,
    SUCCESS_WITH_FEAR: 0,
    FAILURE_WITH_HOPE: 0,
    FAILURE_WITH_FEAR: 0,
    CRITICAL_SUCCESS: 0,
  };
  const hasDifficulty = difficulty !== undefined;
  for (let hope = 1; hope <= DUALITY_DIE_SIDES; hope++) {
    for (let fear = 1; fear <= DUALITY_DIE_SIDES; fear++) {
      const isCrit = hope === fear;
      for (const delta of deltas) {
        const meets = meetsDifficulty(hope + fear + modifier + delta, difficulty, isCrit);
        counts[selectOutcome(hope, fear, hasDifficulty, meets)] += 1;
      }
    }
  }
  return counts;
}

/**
 * Counts every outcome exactly over all equally likely dice combinations: the 144 Hope/Fear
 * pairs, times the 6 faces of the extra die when net advantage is not zero (docs/duality.md §3.5).
 *
 * @param input - optional modifier (default 0), difficulty and advantage/disadvantage counts
 * @returns the result object of `duality_probability`
 * @throws DualityError when a number is not an integer or a difficulty or count is negative
 */
export function computeActionProbability(input: ProbabilityInput): ProbabilityResult {
  const modifier = input.modifier ?? 0;
  const { difficulty } = input;
  assertModifierAndDifficulty(modifier, difficulty);
  const deltas = extraDieDeltas(netExtraDie(input));
  const counts = countOutcomes(modifier, difficulty, deltas);
  const hasDifficulty = difficulty !== undefined;
  const listed = hasDifficulty ? LISTED_WITH_DIFFICULTY : LISTED_WITHOUT_DIFFICULTY;
  return {
    total_outcomes: DUALITY_DIE_SIDES * DUALITY_DIE_SIDES * deltas.length,
    crit_count: counts.CRITICAL_SUCCESS,
    success_count: hasDifficulty ? counts.SUCCESS_WITH_HOPE + counts.SUCCESS_WITH_FEAR : null,
    failure_count: hasDifficulty ? counts.FAILURE_WITH_HOPE + counts.FAILURE_WITH_FEAR : null,
    outcome_counts: listed.map((outcome) => ({ outcome, count: counts[outcome] })),
  };
}
