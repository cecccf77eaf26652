import { assertInteger, assertIntegerAtLeast, assertIntegerInRange } from "./assert-integer.js";
import { PARAMETER_RANGES } from "./parameter-ranges.js";

/** The sides of each Duality die. */
export const DUALITY_DIE_SIDES = 12;

/**
 * Checks that both Duality dice show a d12 face.
 *
 * @param hope - the Hope die
 * @param fear - the Fear die
 * @throws DualityError naming the offending die
 */
export function assertDualityDice(hope: number, fear: number): void {
  assertIntegerInRange("hope", hope, PARAMETER_RANGES.hope);
  assertIntegerInRange("fear", fear, PARAMETER_RANGES.fear);
}

/**
 * Checks the modifier and the optional difficulty. Only the rules' own domain is enforced
 * (integers, a difficulty of at least 0); the upper bounds of {@link PARAMETER_RANGES} are
 * limits of the tool interface, which its schemas apply.
 *
 * @param modifier - the flat modifier
 * @param difficulty - the difficulty, or `undefined` for none
 * @throws DualityError naming the offending parameter
 */
export function assertModifierAndDifficulty(
  modifier: number,
  difficulty: number | undefined,
): void {
  assertInteger("modifier", modifier);
  if (difficulty !== undefined) assertIntegerAtLeast("difficulty", difficulty, 0);
}
