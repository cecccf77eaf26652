import { type DieRoller, rollCheckedDie } from "./die-roller.js";
import { assertModifierAndDifficulty, DUALITY_DIE_SIDES } from "./duality-dice.js";
import { type AdvantageCounts, netExtraDie, rollExtraDie } from "./extra-die.js";
import { evaluateReactionOutcome, type ReactionResult } from "./reaction-outcome.js";

/** Input of `duality_reaction_roll`: the difficulty is required. */
export interface ReactionRollInput extends AdvantageCounts {
  readonly difficulty: number;
  readonly modifier?: number | undefined;
}

/**
 * Rolls a reaction roll: Hope, Fear, then the d6 when net advantage is not zero, classified by
 * {@link evaluateReactionOutcome}.
 *
 * @param input - the difficulty, optional modifier and advantage/disadvantage counts
 * @param rollDie - the injected die roller
 * @returns the result object of `duality_reaction_roll`
 * @throws DualityError on invalid input (checked before any die is drawn) or a faulty roller
 */
export function rollReaction(input: ReactionRollInput, rollDie: DieRoller): ReactionResult {
  const kind = netExtraDie(input);
  assertModifierAndDifficulty(input.modifier ?? 0, input.difficulty);
  const hope = rollCheckedDie(rollDie, DUALITY_DIE_SIDES);
  const fear = rollCheckedDie(rollDie, DUALITY_DIE_SIDES);
  const extraDie = rollExtraDie(kind, rollDie);
  return evaluateReactionOutcome({
    hope,
    fear,
    difficulty: input.difficulty,
    modifier: input.modifier,
    ...extraDie,
  });
}
