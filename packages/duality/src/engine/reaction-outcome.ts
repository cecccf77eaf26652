import { assertDualityDice, assertModifierAndDifficulty } from "./duality-dice.js";
import { assertKnownExtraDie, extraDieDelta, extraDieEntry } from "./extra-die.js";
import type { KnownExtraDie } from "./parameter-issues.js";

/** The outcomes of a reaction roll: no Hope or Fear flavour (docs/duality.md §5.2). */
export const REACTION_OUTCOMES = ["CRITICAL_SUCCESS", "SUCCESS", "FAILURE"] as const;

/** One classified reaction roll. */
export type ReactionOutcome = (typeof REACTION_OUTCOMES)[number];

/** Input of `duality_reaction_outcome`: known dice and a required difficulty. */
export interface ReactionOutcomeInput extends KnownExtraDie {
  readonly hope: number;
  readonly fear: number;
  readonly difficulty: number;
  readonly modifier?: number | undefined;
}

/** Output of `duality_reaction_roll` and `duality_reaction_outcome` (docs/duality.md §5.2). */
export interface ReactionResult {
  hope: number;
  fear: number;
  modifier: number;
  difficulty: number;
  advantage_die?: number;
  disadvantage_die?: number;
  total: number;
  is_crit: boolean;
  success: boolean;
  outcome: ReactionOutcome;
}

/**
 * Classifies a reaction roll from known dice: a crit succeeds whatever the total, otherwise the
 * total must meet the difficulty. Neither Hope nor Fear is generated.
 *
 * @param input - the dice, the difficulty, optional modifier (default 0) and extra die
 * @returns the result object of `duality_reaction_outcome`
 * @throws DualityError when a die is not a face, a number is not an integer, the difficulty is
 *   negative, or both extra dice are given
 */
export function evaluateReactionOutcome(input: ReactionOutcomeInput): ReactionResult {
  const { hope, fear, difficulty } = input;
  const modifier = input.modifier ?? 0;
  assertDualityDice(hope, fear);
  assertModifierAndDifficulty(modifier, difficulty);
  assertKnownExtraDie(input);
  const total = hope + fear + modifier + extraDieDelta(input);
  const isCrit = hope === fear;
  const success = isCrit || total >= difficulty;
  return {
    hope,
    fear,
    modifier,
    difficulty,
    ...extraDieEntry(input),
    total,
    is_crit: isCrit,
    success,
    outcome: isCrit ? "CRITICAL_SUCCESS" : success ? "SUCCESS" : "FAILURE",
  };
}
