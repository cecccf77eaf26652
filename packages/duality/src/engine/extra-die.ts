import { assertIntegerAtLeast, assertIntegerInRange } from "./assert-integer.js";
import { type DieRoller, rollCheckedDie } from "./die-roller.js";
import { DualityError } from "./duality-error.js";
import { type KnownExtraDie, MUTUALLY_EXCLUSIVE_DICE_ISSUE } from "./parameter-issues.js";
import { PARAMETER_RANGES } from "./parameter-ranges.js";

/** The sides of the advantage or disadvantage die. */
export const EXTRA_DIE_SIDES = 6;

/** Counts of advantage and disadvantage sources, as the rolling tools receive them. */
export interface AdvantageCounts {
  readonly advantage?: number | undefined;
  readonly disadvantage?: number | undefined;
}

/** Which extra die a roll carries: the d6 added, the d6 subtracted, or none. */
export type ExtraDieKind = "advantage" | "disadvantage" | "none";

/**
 * Cancels advantage against disadvantage one for one (docs/duality.md §1 step 2): only the sign of
 * the difference matters, and several sources on one side still give a single d6.
 *
 * @param counts - the advantage and disadvantage counts (default 0)
 * @returns the extra die the roll carries
 * @throws DualityError when a count is not a non-negative integer
 */
export function netExtraDie(counts: AdvantageCounts): ExtraDieKind {
  const advantage = counts.advantage ?? 0;
  const disadvantage = counts.disadvantage ?? 0;
  assertIntegerAtLeast("advantage", advantage, 0);
  assertIntegerAtLeast("disadvantage", disadvantage, 0);
  if (advantage > disadvantage) return "advantage";
  if (disadvantage > advantage) return "disadvantage";
  return "none";
}

/**
 * Checks a known extra die: each value is a d6 face and at most one is given.
 *
 * @param die - the `advantage_die` / `disadvantage_die` input
 * @throws DualityError `OUT_OF_RANGE`, `NOT_AN_INTEGER` or `CONFLICTING_PARAMETERS`
 */
export function assertKnownExtraDie(die: KnownExtraDie): void {
  if (die.advantage_die !== undefined) {
    assertIntegerInRange("advantage_die", die.advantage_die, PARAMETER_RANGES.advantage_die);
  }
  if (die.disadvantage_die !== undefined) {
    assertIntegerInRange(
      "disadvantage_die",
      die.disadvantage_die,
      PARAMETER_RANGES.disadvantage_die,
    );
  }
  if (die.advantage_die !== undefined && die.disadvantage_die !== undefined) {
    throw new DualityError(
      "CONFLICTING_PARAMETERS",
      MUTUALLY_EXCLUSIVE_DICE_ISSUE.issue,
      MUTUALLY_EXCLUSIVE_DICE_ISSUE.parameter,
    );
  }
}

/**
 * The signed contribution of the extra die to the total.
 *
 * @param die - a checked known extra die
 * @returns `+advantage_die`, `−disadvantage_die`, or 0
 */
export function extraDieDelta(die: KnownExtraDie): number {
  return (die.advantage_die ?? 0) - (die.disadvantage_die ?? 0);
}

/**
 * The extra die as output keys: exactly the one that applies, none when there is no die, so
 * results omit the key rather than carrying `undefined`.
 *
 * @param die - a checked known extra die
 * @returns `{advantage_die}`, `{disadvantage_die}` or `{}`
 */
export function extraDieEntry(die: KnownExtraDie): KnownExtraDie {
  if (die.advantage_die !== undefined) return { advantage_die: die.advantage_die };
  if (die.disadvantage_die !== undefined) return { disadvantage_die: die.disadvantage_die };
  return {};
}

/**
 * Rolls the extra d6 a roll carries, if any.
 *
 * @param kind - the net extra die
 * @param rollDie - the injected die roller
 * @returns the rolled die as output keys (`{}` when there is none; nothing is drawn then)
 */
export function rollExtraDie(kind: ExtraDieKind, rollDie: DieRoller): KnownExtraDie {
  if (kind === "advantage") return { advantage_die: rollCheckedDie(rollDie, EXTRA_DIE_SIDES) };
  if (kind === "disadvantage") {
    return { disadvantage_die: rollCheckedDie(rollDie, EXTRA_DIE_SIDES) };
  }
  return {};
}
