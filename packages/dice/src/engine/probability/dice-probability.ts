import type { ParameterProblem, Validation } from "../errors.js";
import { renderOperation } from "../render-roll.js";
import { LIMITS, type RollDiceParams, type ValidRollDiceParams } from "../roll-dice-params.js";
import { checkRollDiceValues } from "../rules/roll-dice-rules.js";
import { validateRollDice } from "../rules/validate-roll-dice.js";
import { checkInteger, type Finding, findingsToProblems } from "../rules/violation.js";
import { planProbability, rawOutcome, WORK_LIMIT } from "./total-distribution.js";

/** Bounds of the `at_least` parameter (docs/dice.md §9). */
export const AT_LEAST_LIMITS = { maxEntries: 50, maxMagnitude: 10_000_000 } as const;

/** `dice_probability` arguments of the right types: `roll_dice`'s without `label`, and `at_least`. */
export interface DiceProbabilityArguments extends Omit<RollDiceParams, "label"> {
  readonly at_least?: readonly number[] | undefined;
}

/** Checked `dice_probability` arguments. */
export interface DiceProbabilityParams {
  readonly params: ValidRollDiceParams;
  readonly atLeast: readonly number[];
}

/** The `result` of `dice_probability`, keys in the order of docs/dice.md §9. */
export interface DiceProbabilityResult {
  operation: string;
  min: number;
  max: number;
  mean: number;
  stddev: number;
  distribution?: { value: number; p: number; p_at_least: number }[];
  percentiles: { p5: number; p25: number; p50: number; p75: number; p95: number };
  at_least?: { value: number; p: number }[];
  successes?: { distribution: { count: number; p: number }[]; mean: number; stddev: number };
}

/** The full success answer of `dice_probability`. */
export interface DiceProbabilityResponse {
  result: DiceProbabilityResult;
  metadata: {
    parameters: unknown;
    method: "exact";
    explosion_cap: number;
    work: number;
    timestamp: string;
  };
}

/** Largest number of totals listed one by one in `distribution`. */
const MAX_LISTED_TOTALS = 201;
/** Float slack when comparing a cumulative probability with a percentile level. */
const CUMULATIVE_TOLERANCE = 1e-12;

/**
 * Checks the values of `dice_probability` arguments (docs/dice.md §9): the `roll_dice` rules,
 * `at_least` (at most 50 thresholds, each within ±10,000,000), then the work bound.
 *
 * @param args - the arguments, of the right types
 * @returns the computation to run, or every problem
 */
export function validateDiceProbability(
  args: DiceProbabilityArguments,
): Validation<DiceProbabilityParams> {
  const { at_least: atLeast = [], ...roll } = args;
  const validation = validateRollDice(roll);
  const problems = [...(validation.ok ? [] : validation.problems), ...atLeastProblems(atLeast)];
  if (!validation.ok || problems.length > 0) return { ok: false, problems };
  const work = checkProbabilityWork(roll);
  if (work.length > 0) return { ok: false, problems: work };
  return { ok: true, value: { params: validation.value, atLeast } };
}

/**
 * The work bound of docs/dice.md §9: a configuration whose exact distribution would take more
 * than {@link WORK_LIMIT} cell updates is refused on `dice_count`. Says nothing of arguments
 * that break a `roll_dice` rule, whose work cannot be estimated.
 *
 * @param params - `roll_dice` arguments without `label`
 * @returns the problem, if any
 */
export function checkProbabilityWork(params: RollDiceParams): ParameterProblem[] {
  if (checkRollDiceValues(params).length > 0) return [];
  const work = planProbability(params).estimatedWork;
  return work > WORK_LIMIT ? [workProblem(work)] : [];
}

/**
 * The exact distribution of the `total` a `roll_dice` call with these parameters would give,
 * by enumeration in float64 (docs/dice.md §9.3), with the cell updates it took.
 *
 * @param request - validated arguments
 */
export function computeDiceProbability(request: DiceProbabilityParams): {
  result: DiceProbabilityResult;
  work: number;
} {
  const { params, atLeast } = request;
  const plan = planProbability(params);
  const outcome = rawOutcome(params, plan);
  const modifier = params.modifier ?? 0;
  const kept = plan.keep?.count ?? params.dice_count;
  const [rawMin, rawMax] =
    params.target_number === undefined
      ? [kept * plan.die.theoreticalMin, kept * plan.die.theoreticalMax]
      : [params.target_number <= plan.die.theoreticalMin ? kept : 0, kept];
  const totals = new TotalDistribution(outcome.low + modifier, outcome.mass);
  const min = rawMin + modifier;
  const max = rawMax + modifier;
  const { mean, stddev } = totals.moments();
  const percentiles = {
    p5: totals.percentile(0.05),
    p25: totals.percentile(0.25),
    p50: totals.percentile(0.5),
    p75: totals.percentile(0.75),
    p95: totals.percentile(0.95),
  };
  const result: DiceProbabilityResult = {
    operation: renderOperation(params),
    min,
    max,
    mean,
    stddev,
    ...(max - min + 1 <= MAX_LISTED_TOTALS ? { distribution: totals.listing(min, max) } : {}),
    percentiles,
  };
  if (atLeast.length > 0)
    result.at_least = atLeast.map((value) => ({ value, p: totals.atLeast(value) }));
  if (outcome.successes !== undefined) {
    const counts = new TotalDistribution(0, outcome.successes);
    result.successes = {
      distribution: Array.from(outcome.successes, (p, count) => ({ count, p })),
      ...counts.moments(),
    };
  }
  return { result, work: outcome.work };
}

/**
 * The whole of `dice_probability` short of transport: checks, computes, adds metadata.
 *
 * @param args - the arguments, of the right types
 * @param timestamp - the time to report
 * @param received - the arguments as the client sent them, echoed in `metadata.parameters`
 */
export function respondToDiceProbability(
  args: DiceProbabilityArguments,
  timestamp: string,
  received: unknown = args,
): Validation<DiceProbabilityResponse> {
  const validation = validateDiceProbability(args);
  if (!validation.ok) return validation;
  const { result, work } = computeDiceProbability(validation.value);
  return {
    ok: true,
    value: {
      result,
      metadata: {
        parameters: received,
        method: "exact",
        explosion_cap: LIMITS.explosionCap,
        work,
        timestamp,
      },
    },
  };
}

/** A float distribution over consecutive integers starting at `low`, with tail sums. */
class TotalDistribution {
  private readonly tail: Float64Array;

  constructor(
    private readonly low: number,
    private readonly mass: Float64Array,
  ) {
    this.tail = new Float64Array(mass.length + 1);
    for (let index = mass.length - 1; index >= 0; index--) {
      this.tail[index] = (this.tail[index + 1] as number) + (mass[index] as number);
    }
  }

  listing(min: number, max: number): { value: number; p: number; p_at_least: number }[] {
    const rows: { value: number; p: number; p_at_least: number }[] = [];
    for (let value = min; value <= max; value++) {
      rows.push({ value, p: this.mass[value - this.low] ?? 0, p_at_least: this.atLeast(value) });
    }
    return rows;
  }

  atLeast(value: number): number {
    if (value <= this.low) return this.tail[0] as number;
    return this.tail[value - this.low] ?? 0;
  }

  percentile(level: number): number {
    let cumulative = 0;
    for (let index = 0; index < this.mass.length; index++) {
      cumulative += this.mass[index] as number;
      if (cumulative >= level - CUMULATIVE_TOLERANCE) return this.low + index;
    }
    return this.low + this.mass.length - 1;
  }

  moments(): { mean: number; stddev: number } {
    let mean = 0;
    this.mass.forEach((p, index) => {
      mean += (this.low + index) * p;
    });
    let variance = 0;
    this.mass.forEach((p, index) => {
      const deviation = this.low + index - mean;
      variance += deviation * deviation * p;
    });
    return { mean, stddev: Math.sqrt(variance) };
  }
}

function atLeastProblems(atLeast: readonly number[]): ParameterProblem[] {
  const { maxEntries, maxMagnitude } = AT_LEAST_LIMITS;
  if (atLeast.length > maxEntries) {
    const issue = `${atLeast.length} items exceed maximum allowed (${maxEntries})`;
    return [{ parameter: "at_least", issue, valid_range: `0-${maxEntries} items` }];
  }
  const findings: Finding[] = [];
  const bounds = { min: -maxMagnitude, max: maxMagnitude };
  atLeast.forEach((value, index) => {
    checkInteger(value, `at_least[${index}]`, bounds, findings);
  });
  return findingsToProblems(findings);
}

function workProblem(work: number): ParameterProblem {
  const rounded = Number(work.toPrecision(2));
  return {
    parameter: "dice_count",
    issue: `Exact computation would take about ${rounded} steps (limit ${WORK_LIMIT}); use fewer dice or fewer sides`,
  };
}
