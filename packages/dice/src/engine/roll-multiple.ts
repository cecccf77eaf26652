import type { RandomSource } from "@tabletop-mcp/kit/random";
import type { ParameterProblem, Validation } from "./errors.js";
import { type RollResult, rollDice } from "./roll-dice.js";
import type { RollDiceParams, ValidRollDiceParams } from "./roll-dice-params.js";
import type { RollMetadata } from "./roll-response.js";
import { validateRollDice } from "./rules/validate-roll-dice.js";
import { checkInteger, type Finding, findingsToProblems } from "./rules/violation.js";

/** Bounds of docs/dice.md §5. */
export const ROLL_MULTIPLE_LIMITS = { maxRolls: 50, maxCount: 100, maxTotalDice: 10_000 } as const;

/** Validated `roll_multiple` arguments. */
export interface RollMultipleParams {
  readonly rolls: readonly ValidRollDiceParams[];
  readonly count: number;
}

/** One element of `results`: a `roll_dice` result plus its repetition and configuration. */
export type RollMultipleItem = RollResult & { set: number; index: number };

/** The full success answer of `roll_multiple`. */
export interface RollMultipleResponse {
  results: RollMultipleItem[];
  metadata: RollMetadata;
}

/** `roll_multiple` arguments of the right types; `count` defaults to 1. */
export interface RollMultipleArguments {
  readonly rolls: readonly RollDiceParams[];
  readonly count?: number | undefined;
}

/**
 * Checks the values of `roll_multiple` arguments (docs/dice.md §5): 1-50 configurations, each
 * checked as `roll_dice` arguments with paths such as `rolls[2].dice_sides`, `count` 1-100, and
 * at most 10,000 dice in total.
 *
 * @param args - the arguments, of the right types
 * @returns the arguments ready to roll, or every problem
 */
export function validateRollMultiple(args: RollMultipleArguments): Validation<RollMultipleParams> {
  const count = args.count ?? 1;
  const countFindings: Finding[] = [];
  const range = { min: 1, max: ROLL_MULTIPLE_LIMITS.maxCount };
  const countFits = checkInteger(count, "count", range, countFindings);
  const problems = [
    ...checkRolls(args.rolls),
    ...findingsToProblems(countFindings),
    ...(countFits ? checkTotalDice(args.rolls, count) : []),
  ];
  if (problems.length > 0) return { ok: false, problems };
  const rolls = args.rolls.map((roll) => ({ ...roll }) as ValidRollDiceParams);
  return { ok: true, value: { rolls, count } };
}

/**
 * The problems of the `rolls` list: its length, then each configuration's, by path.
 *
 * @param rolls - the configurations
 * @returns the problems, in order
 */
export function checkRolls(rolls: readonly RollDiceParams[]): ParameterProblem[] {
  const lengthProblem = rollsLengthProblem(rolls.length);
  if (lengthProblem !== undefined) return [lengthProblem];
  return rolls.flatMap((roll, index) => {
    const validation = validateRollDice(roll, `rolls[${index}].`);
    return validation.ok ? [] : validation.problems;
  });
}

/**
 * The total-dice rule: Σ dice_count × count ≤ 10,000, reported on `count` when there are
 * several sets (with the largest count that fits), otherwise on `rolls`. Says nothing of a list
 * whose length is already wrong.
 *
 * @param rolls - the configurations
 * @param count - how many times the set is rolled
 * @returns the problem, if any
 */
export function checkTotalDice(
  rolls: readonly RollDiceParams[],
  count: number,
): ParameterProblem[] {
  if (rollsLengthProblem(rolls.length) !== undefined) return [];
  const perSet = rolls.reduce((sum, roll) => sum + roll.dice_count, 0);
  const total = perSet * count;
  const max = ROLL_MULTIPLE_LIMITS.maxTotalDice;
  if (total <= max) return [];
  if (count === 1) {
    return [
      {
        parameter: "rolls",
        issue: `Total dice requested ${total} exceeds maximum allowed (${max})`,
      },
    ];
  }
  const problem: ParameterProblem = {
    parameter: "count",
    issue: `Total dice requested ${total} (${perSet} per set × ${count} sets) exceeds maximum allowed (${max})`,
  };
  const largestCount = Math.floor(max / perSet);
  if (largestCount >= 1) problem.valid_range = `1-${largestCount}`;
  return [problem];
}

/**
 * Runs every configuration in order, `count` times, consuming randomness set by set
 * (docs/dice.md §7), and flattens the results: `results[(set − 1) × rolls.length + index]`.
 *
 * @param params - validated arguments
 * @param random - the source of the dice
 */
export function rollMultiple(params: RollMultipleParams, random: RandomSource): RollMultipleItem[] {
  const results: RollMultipleItem[] = [];
  for (let set = 1; set <= params.count; set++) {
    params.rolls.forEach((rollParams, index) => {
      results.push({ ...rollDice(rollParams, random), set, index });
    });
  }
  return results;
}

/**
 * The whole of `roll_multiple` short of transport: checks, rolls, and adds metadata.
 *
 * @param args - the arguments, of the right types
 * @param random - the source of the dice
 * @param timestamp - the time to report
 * @param received - the arguments as the client sent them, echoed in `metadata.parameters`
 */
export function respondToRollMultiple(
  args: RollMultipleArguments,
  random: RandomSource,
  timestamp: string,
  received: unknown = args,
): Validation<RollMultipleResponse> {
  const validation = validateRollMultiple(args);
  if (!validation.ok) return validation;
  const results = rollMultiple(validation.value, random);
  return {
    ok: true,
    value: { results, metadata: { parameters: received, timestamp, rng: random.kind } },
  };
}

function rollsLengthProblem(length: number): ParameterProblem | undefined {
  const { maxRolls } = ROLL_MULTIPLE_LIMITS;
  const valid_range = `1-${maxRolls}`;
  if (length === 0)
    return { parameter: "rolls", issue: "Must contain at least 1 roll", valid_range };
  if (length <= maxRolls) return undefined;
  const issue = `Must contain at most ${maxRolls} rolls, received ${length}`;
  return { parameter: "rolls", issue, valid_range };
}
