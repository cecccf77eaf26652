/** The Duality outcomes in canonical order, numbered 1..7 (docs/duality.md §1). */
export const DUALITY_OUTCOMES = [
  "ROLL_WITH_HOPE",
  "ROLL_WITH_FEAR",
  "SUCCESS_WITH_HOPE",
  "SUCCESS_WITH_FEAR",
  "FAILURE_WITH_HOPE",
  "FAILURE_WITH_FEAR",
  "CRITICAL_SUCCESS",
] as const;

/** One classified result of the Duality Dice. */
export type DualityOutcome = (typeof DUALITY_OUTCOMES)[number];

/**
 * Applies the outcome table of docs/duality.md §1, first matching rule wins. The advantage die never
 * reaches this function: it changes the total, not the crit or the Hope/Fear comparison.
 *
 * @param hope - the Hope die
 * @param fear - the Fear die
 * @param hasDifficulty - whether a difficulty was set
 * @param meetsDifficulty - whether the total met it (ignored without a difficulty)
 * @returns the outcome
 */
export function selectOutcome(
  hope: number,
  fear: number,
  hasDifficulty: boolean,
  meetsDifficulty: boolean,
): DualityOutcome {
  if (hope === fear) return "CRITICAL_SUCCESS";
  const withHope = hope > fear;
  if (!hasDifficulty) return withHope ? "ROLL_WITH_HOPE" : "ROLL_WITH_FEAR";
  if (meetsDifficulty) return withHope ? "SUCCESS_WITH_HOPE" : "SUCCESS_WITH_FEAR";
  return withHope ? "FAILURE_WITH_HOPE" : "FAILURE_WITH_FEAR";
}

/**
 * Whether a total meets a difficulty, a crit counting as meeting it (docs/duality.md §1 rule 5).
 * Without a difficulty nothing is met, not even a crit.
 *
 * @param total - the roll total
 * @param difficulty - the difficulty, or `undefined` for none
 * @param isCrit - whether Hope equals Fear
 * @returns `meets_difficulty`
 */
export function meetsDifficulty(
  total: number,
  difficulty: number | undefined,
  isCrit: boolean,
): boolean {
  return difficulty !== undefined && (total >= difficulty || isCrit);
}
