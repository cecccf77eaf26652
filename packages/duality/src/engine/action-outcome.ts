import { assertDualityDice, assertModifierAndDifficulty } from "./duality-dice.js";
import { assertKnownExtraDie, extraDieDelta, extraDieEntry } from "./extra-die.js";
import { type DualityOutcome, meetsDifficulty, selectOutcome } from "./outcome.js";
import type { KnownExtraDie } from "./parameter-issues.js";

/** Input of `duality_outcome` (docs/duality.md §3.3): known dice, nothing rolled. */
export interface ActionOutcomeInput extends KnownExtraDie {
  readonly hope: number;
  readonly fear: number;
  readonly modifier?: number | undefined;
  readonly difficulty?: number | undefined;
}

/**
 * Output of `duality_action_roll` and `duality_outcome` (docs/duality.md §3.2). Optional keys are
 * absent, never `undefined`, when they do not apply.
 */
export interface ActionResult {
  hope: number;
  fear: number;
  modifier: number;
  difficulty?: number;
  advantage_die?: number;
  disadvantage_die?: number;
  total: number;
  is_crit: boolean;
  meets_difficulty: boolean;
  outcome: DualityOutcome;
}

/**
 * Classifies known Duality Dice without rolling (docs/duality.md §1 and §3.3).
 *
 * @param input - the dice, optional modifier (default 0), difficulty and extra die
 * @returns the result object of `duality_outcome`, keys in the order of docs/duality.md §3.2
 * @throws DualityError when a die is not a face, a number is not an integer, the difficulty is
 *   negative, or both extra dice are given
 */
export function evaluateActionOutcome(input: ActionOutcomeInput): ActionResult {
  const { hope, fear, difficulty } = input;
  const modifier = input.modifier ?? 0;
  assertDualityDice(hope, fear);
  assertModifierAndDifficulty(modifier, difficulty);
  assertKnownExtraDie(input);
  const total = hope + fear + modifier + extraDieDelta(input);
  const isCrit = hope === fear;
  const meets = meetsDifficulty(total, difficulty, isCrit);
  return {
    hope,
    fear,
    modifier,
    ...(difficulty === undefined ? {} : { difficulty }),
    ...extraDieEntry(input),
    total,
    is_crit: isCrit,
    meets_difficulty: meets,
    outcome: selectOutcome(hope, fear, difficulty !== undefined, meets),
  };
}
