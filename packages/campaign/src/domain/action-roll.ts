import { type DieRoller, rollAction } from "@tabletop-mcp/duality/engine";
import type { RollFlavor } from "./records.js";

/** One named bonus or penalty of a roll, e.g. an Experience. */
export interface RollModifier {
  source: string;
  value: number;
}

/** What a roll needs besides the dice. */
export interface ActionRollRequest {
  traitValue: number;
  difficulty: number;
  modifiers: readonly RollModifier[];
  advantage: number;
  disadvantage: number;
}

/** The dice of a roll: the extra d6 key only when one was rolled. */
export interface RolledDice {
  hope_die: number;
  fear_die: number;
  advantage_die?: number;
  disadvantage_die?: number;
}

/** A resolved action roll (docs/campaign.md §4.11, "Semantics"). */
export interface ResolvedActionRoll {
  dice: RolledDice;
  modifier_total: number;
  total: number;
  success: boolean;
  flavor: RollFlavor;
  crit: boolean;
}

/**
 * Rolls an action with a trait through the Duality engine: Hope d12, Fear d12, then the d6 when
 * net advantage is not zero. The trait value and every modifier add to the total; a crit
 * (matching dice) always succeeds and counts as a roll with Hope.
 *
 * @param request - trait value, difficulty, modifiers and advantage counts
 * @param rollDie - the injected die roller
 * @returns the dice, the modifier sum (trait excluded) and the classification
 */
export function resolveActionRoll(
  request: ActionRollRequest,
  rollDie: DieRoller,
): ResolvedActionRoll {
  const modifierTotal = request.modifiers.reduce((sum, modifier) => sum + modifier.value, 0);
  const result = rollAction(
    {
      modifier: request.traitValue + modifierTotal,
      difficulty: request.difficulty,
      advantage: request.advantage,
      disadvantage: request.disadvantage,
    },
    rollDie,
  );
  const dice: RolledDice = { hope_die: result.hope, fear_die: result.fear };
  if (result.advantage_die !== undefined) dice.advantage_die = result.advantage_die;
  if (result.disadvantage_die !== undefined) dice.disadvantage_die = result.disadvantage_die;
  return {
    dice,
    modifier_total: modifierTotal,
    total: result.total,
    success: result.meets_difficulty,
    flavor: result.fear > result.hope ? "FEAR" : "HOPE",
    crit: result.is_crit,
  };
}
