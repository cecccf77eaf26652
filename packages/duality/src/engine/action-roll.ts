import { type ActionResult, evaluateActionOutcome } from "./action-outcome.js";
import { type DieRoller, rollCheckedDie } from "./die-roller.js";
import { assertModifierAndDifficulty, DUALITY_DIE_SIDES } from "./duality-dice.js";
import { type AdvantageCounts, netExtraDie, rollExtraDie } from "./extra-die.js";

/** Input of `duality_action_roll` (docs/duality.md §3.2). */
export interface ActionRollInput extends AdvantageCounts {
  readonly modifier?: number | undefined;
  readonly difficulty?: number | undefined;
}

/**
 * Rolls the Duality Dice, and the d6 when net advantage is not zero, then classifies them.
 * Dice are drawn in the order Hope, Fear, extra d6 (docs/duality.md §7).
 *
 * @param input - optional modifier, difficulty and advantage/disadvantage counts
 * @param rollDie - the injected die roller
 * @returns the result object of `duality_action_roll`, identical to what
 *   {@link evaluateActionOutcome} gives for the same dice
 * @throws DualityError on invalid input (checked before any die is drawn) or a faulty roller
 */
export function rollAction(input: ActionRollInput, rollDie: DieRoller): ActionResult {
  const kind = netExtraDie(input);
  assertModifierAndDifficulty(input.modifier ?? 0, input.difficulty);
  const hope = rollCheckedDie(rollDie, DUALITY_DIE_SIDES);
  const fear = rollCheckedDie(rollDie, DUALITY_DIE_SIDES);
  const extraDie = rollExtraDie(kind, rollDie);
  return evaluateActionOutcome({
    hope,
    fear,
    modifier: input.modifier,
    difficulty: input.difficulty,
    ...extraDie,
  });
}
