import type { ParameterProblem } from "../errors.js";

/**
 * What is wrong with one argument's value, as data. The JSON tools word it with
 * {@link describeViolation}; the notation tool words it in notation terms, at a position.
 */
export type Violation =
  | { readonly kind: "not-integer"; readonly value: number }
  | {
      readonly kind: "above";
      readonly value: number;
      readonly max: number;
      /** The maximum is the number of dice (keep) or one less (drop). */
      readonly relativeToDiceCount?: boolean;
    }
  | { readonly kind: "below"; readonly value: number; readonly min: number }
  | { readonly kind: "too-many"; readonly count: number; readonly max: number }
  | { readonly kind: "rule"; readonly issue: string };

/** One violation located at a parameter path, with the range the parameter accepts. */
export interface Finding {
  readonly parameter: string;
  readonly violation: Violation;
  readonly validRange?: string;
}

/**
 * Words a violation as the tools' answers do (docs/dice.md §2.3): `Value X exceeds maximum
 * allowed (M)`, `Value X is below minimum allowed (M)`, or the rule's own sentence.
 *
 * @param violation - what is wrong
 * @returns the issue sentence
 */
export function describeViolation(violation: Violation): string {
  switch (violation.kind) {
    case "not-integer":
      return `Expected an integer, received ${violation.value}`;
    case "above":
      return `Value ${violation.value} exceeds maximum allowed (${violation.max})`;
    case "below":
      return `Value ${violation.value} is below minimum allowed (${violation.min})`;
    case "too-many":
      return `${violation.count} items exceed maximum allowed (${violation.max})`;
    case "rule":
      return violation.issue;
  }
}

/**
 * Turns findings into the answers' `details` entries.
 *
 * @param findings - the findings, in the order to report them
 * @param prefix - a path prefix for nested arguments, e.g. `rolls[2].`
 * @returns the problems
 */
export function findingsToProblems(findings: readonly Finding[], prefix = ""): ParameterProblem[] {
  return findings.map((finding) => {
    const problem: ParameterProblem = {
      parameter: `${prefix}${finding.parameter}`,
      issue: describeViolation(finding.violation),
    };
    if (finding.validRange !== undefined) problem.valid_range = finding.validRange;
    return problem;
  });
}

/**
 * Checks that a number is an integer within bounds, pushing at most one finding.
 *
 * @param value - the number
 * @param parameter - its path
 * @param bounds - the inclusive bounds; `relativeToDiceCount` marks a maximum taken from the dice
 * @param findings - where a violation goes
 * @returns whether the value is acceptable
 */
export function checkInteger(
  value: number,
  parameter: string,
  bounds: { readonly min: number; readonly max: number; readonly relativeToDiceCount?: boolean },
  findings: Finding[],
): boolean {
  const validRange = `${bounds.min}-${bounds.max}`;
  let violation: Violation | undefined;
  if (!Number.isInteger(value)) violation = { kind: "not-integer", value };
  else if (value > bounds.max) {
    violation = bounds.relativeToDiceCount
      ? { kind: "above", value, max: bounds.max, relativeToDiceCount: true }
      : { kind: "above", value, max: bounds.max };
  } else if (value < bounds.min) violation = { kind: "below", value, min: bounds.min };
  if (violation === undefined) return true;
  findings.push({ parameter, violation, validRange });
  return false;
}
