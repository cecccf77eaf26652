import type { Validation } from "../errors.js";
import type { RollDiceParams, ValidRollDiceParams } from "../roll-dice-params.js";
import { checkRollDiceValues } from "./roll-dice-rules.js";
import { findingsToProblems } from "./violation.js";

/**
 * The gate to `rollDice` and the odds for a caller using the engine as a library: the
 * arguments, or every problem {@link checkRollDiceValues} finds, worded as the tools word them.
 *
 * @param params - `roll_dice` arguments of the right types
 * @param prefix - a path prefix for nested arguments, e.g. `rolls[2].`
 * @returns a copy of the arguments, marked valid (later changes to the caller's object do not
 *   reach it), or the problems
 */
export function validateRollDice(
  params: RollDiceParams,
  prefix = "",
): Validation<ValidRollDiceParams> {
  const findings = checkRollDiceValues(params);
  if (findings.length > 0) return { ok: false, problems: findingsToProblems(findings, prefix) };
  return { ok: true, value: { ...params } as ValidRollDiceParams };
}
