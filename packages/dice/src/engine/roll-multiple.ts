import type { RandomSource } from "@tabletop-mcp/kit/random";
import type { ParameterProblem, Validation } from "./errors.js";
import { type RollResult, rollDice } from "./roll-dice.js";
import type { ValidRollDiceParams } from "./roll-dice-params.js";
import type { RollMetadata } from "./roll-response.js";
import {
  checkInteger,
  checkUnknownKeys,
  isJsonObject,
  readPresent,
} from "./validation/read-fields.js";
import { validateRollDiceArguments } from "./validation/validate-roll-dice.js";
import { type Finding, findingsToProblems, jsonTypeOf } from "./validation/violation.js";

/** Bounds of dice.md §5. */
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

/**
 * Validates untrusted `roll_multiple` arguments (dice.md §5): each item as `roll_dice` arguments
 * with paths such as `rolls[2].dice_sides`, `count` 1-100, and at most 10,000 dice in total.
 *
 * @param input - the arguments as received
 */
export function validateRollMultipleArguments(input: unknown): Validation<RollMultipleParams> {
  if (!isJsonObject(input)) {
    return {
      ok: false,
      problems: [
        { parameter: "arguments", issue: `Expected an object, received ${jsonTypeOf(input)}` },
      ],
    };
  }
  const problems: ParameterProblem[] = [];
  const rolls = readRolls(readPresent(input, "rolls"), problems);
  const count = readCount(readPresent(input, "count"), problems);
  const unknown: Finding[] = [];
  checkUnknownKeys(input, ["rolls", "count"], "", unknown);
  problems.push(...findingsToProblems(unknown));
  if (rolls !== undefined && count !== undefined && problems.length === 0) {
    const totalProblem = totalDiceProblem(rolls, count);
    if (totalProblem !== undefined) problems.push(totalProblem);
  }
  if (problems.length > 0 || rolls === undefined || count === undefined)
    return { ok: false, problems };
  return { ok: true, value: { rolls, count } };
}

/**
 * Runs every configuration in order, `count` times, consuming randomness set by set
 * (dice.md §7), and flattens the results: `results[(set − 1) × rolls.length + index]`.
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
 * The whole of `roll_multiple` short of transport: validates, rolls, and adds metadata.
 *
 * @param input - the raw tool arguments, echoed in `metadata.parameters`
 * @param random - the source of the dice
 * @param timestamp - the time to report
 */
export function respondToRollMultiple(
  input: unknown,
  random: RandomSource,
  timestamp: string,
): Validation<RollMultipleResponse> {
  const validation = validateRollMultipleArguments(input);
  if (!validation.ok) return validation;
  const results = rollMultiple(validation.value, random);
  return {
    ok: true,
    value: { results, metadata: { parameters: input, timestamp, rng: random.kind } },
  };
}

function readRolls(
  value: unknown,
  problems: ParameterProblem[],
): ValidRollDiceParams[] | undefined {
  const range = `1-${ROLL_MULTIPLE_LIMITS.maxRolls}`;
  if (value === undefined) {
    problems.push({ parameter: "rolls", issue: "Missing required parameter", valid_range: range });
    return undefined;
  }
  if (!Array.isArray(value)) {
    problems.push({
      parameter: "rolls",
      issue: `Expected an array, received ${jsonTypeOf(value)}`,
      valid_range: range,
    });
    return undefined;
  }
  if (value.length === 0) {
    problems.push({
      parameter: "rolls",
      issue: "Must contain at least 1 roll",
      valid_range: range,
    });
    return undefined;
  }
  if (value.length > ROLL_MULTIPLE_LIMITS.maxRolls) {
    problems.push({
      parameter: "rolls",
      issue: `Must contain at most ${ROLL_MULTIPLE_LIMITS.maxRolls} rolls, received ${value.length}`,
      valid_range: range,
    });
    return undefined;
  }
  const rolls: ValidRollDiceParams[] = [];
  value.forEach((item: unknown, index) => {
    const validation = validateRollDiceArguments(item, `rolls[${index}].`);
    if (validation.ok) rolls.push(validation.value);
    else problems.push(...validation.problems);
  });
  return rolls.length === value.length ? rolls : undefined;
}

function readCount(value: unknown, problems: ParameterProblem[]): number | undefined {
  if (value === undefined) return 1;
  const findings: Finding[] = [];
  const count = checkInteger(
    value,
    "count",
    { min: 1, max: ROLL_MULTIPLE_LIMITS.maxCount },
    findings,
  );
  problems.push(...findingsToProblems(findings));
  return count;
}

function totalDiceProblem(
  rolls: readonly ValidRollDiceParams[],
  count: number,
): ParameterProblem | undefined {
  const perSet = rolls.reduce((sum, roll) => sum + roll.dice_count, 0);
  const total = perSet * count;
  const max = ROLL_MULTIPLE_LIMITS.maxTotalDice;
  if (total <= max) return undefined;
  if (count === 1) {
    return {
      parameter: "rolls",
      issue: `Total dice requested ${total} exceeds maximum allowed (${max})`,
    };
  }
  const problem: ParameterProblem = {
    parameter: "count",
    issue: `Total dice requested ${total} (${perSet} per set × ${count} sets) exceeds maximum allowed (${max})`,
  };
  const largestCount = Math.floor(max / perSet);
  if (largestCount >= 1) problem.valid_range = `1-${largestCount}`;
  return problem;
}
