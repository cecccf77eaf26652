/**
 * An independent, deliberately plain restatement of docs/duality.md §1 used as the oracle in the
 * engine tests. It shares no code with src/.
 */

/** Outcome strings exactly as docs/duality.md §1 spells them. */
export type ReferenceOutcome =
  | "ROLL_WITH_HOPE"
  | "ROLL_WITH_FEAR"
  | "SUCCESS_WITH_HOPE"
  | "SUCCESS_WITH_FEAR"
  | "FAILURE_WITH_HOPE"
  | "FAILURE_WITH_FEAR"
  | "CRITICAL_SUCCESS";

/** What the reference computes for one roll. */
export interface ReferenceRoll {
  total: number;
  isCrit: boolean;
  meets: boolean;
  outcome: ReferenceOutcome;
}

/**
 * Evaluates one roll row by row of the §1 table.
 *
 * @param hope - Hope die
 * @param fear - Fear die
 * @param modifier - flat modifier
 * @param difficulty - difficulty or null for none
 * @param signedDie - +advantage die, -disadvantage die, or 0
 */
export function referenceRoll(
  hope: number,
  fear: number,
  modifier: number,
  difficulty: number | null,
  signedDie: number,
): ReferenceRoll {
  const total = hope + fear + modifier + signedDie;
  const isCrit = hope === fear;
  let meets = false;
  if (difficulty !== null) {
    if (isCrit) meets = true;
    if (total >= difficulty) meets = true;
  }
  let outcome: ReferenceOutcome;
  if (hope === fear) outcome = "CRITICAL_SUCCESS";
  else if (difficulty === null && hope > fear) outcome = "ROLL_WITH_HOPE";
  else if (difficulty === null && fear > hope) outcome = "ROLL_WITH_FEAR";
  else if (meets && hope > fear) outcome = "SUCCESS_WITH_HOPE";
  else if (meets && fear > hope) outcome = "SUCCESS_WITH_FEAR";
  else if (!meets && hope > fear) outcome = "FAILURE_WITH_HOPE";
  else outcome = "FAILURE_WITH_FEAR";
  return { total, isCrit, meets, outcome };
}

/** Every face of a d12, for enumeration. */
export const D12_FACES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** Every face of a d6, for enumeration. */
export const D6_FACES = [1, 2, 3, 4, 5, 6];

/**
 * The signed extra-die values a roll can carry for given advantage/disadvantage counts.
 *
 * @param advantage - advantage sources
 * @param disadvantage - disadvantage sources
 */
export function signedDieValues(advantage: number, disadvantage: number): number[] {
  if (advantage === disadvantage) return [0];
  return advantage > disadvantage ? D6_FACES : D6_FACES.map((face) => -face);
}

/**
 * Brute-force counts of each outcome over all dice combinations.
 *
 * @returns a map from outcome to count, plus the number of combinations
 */
export function referenceCounts(
  modifier: number,
  difficulty: number | null,
  advantage: number,
  disadvantage: number,
): { total: number; counts: Map<ReferenceOutcome, number> } {
  const counts = new Map<ReferenceOutcome, number>();
  let total = 0;
  for (const hope of D12_FACES) {
    for (const fear of D12_FACES) {
      for (const signedDie of signedDieValues(advantage, disadvantage)) {
        const { outcome } = referenceRoll(hope, fear, modifier, difficulty, signedDie);
        counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
        total += 1;
      }
    }
  }
  return { total, counts };
}
