import type { ParameterProblem } from "../errors.js";

/**
 * What is wrong with one parameter, as structured data. The JSON tools word it with
 * {@link describeViolation}; the notation tool words range problems in notation terms.
 */
export type Violation =
  | { readonly kind: "missing" }
  | { readonly kind: "type"; readonly expected: ExpectedType; readonly received: unknown }
  | {
      readonly kind: "above";
      readonly value: number;
      readonly max: number;
      /** The maximum is the number of dice (keep) or one less (drop). */
      readonly relativeToDiceCount?: boolean;
    }
  | { readonly kind: "below"; readonly value: number; readonly min: number }
  | {
      readonly kind: "too-long";
      readonly length: number;
      readonly max: number;
      readonly unit: string;
    }
  | {
      readonly kind: "too-short";
      readonly length: number;
      readonly min: number;
      readonly unit: string;
    }
  | { readonly kind: "unknown"; readonly allowed: readonly string[] }
  | { readonly kind: "rule"; readonly issue: string };

/** The JSON types a parameter can expect. */
export type ExpectedType = "integer" | "boolean" | "string" | "array" | "object";

/** One violation located at a parameter path. */
export interface Finding {
  readonly parameter: string;
  readonly violation: Violation;
  readonly validRange?: string;
}

const ARTICLES: Record<ExpectedType, string> = {
  integer: "an integer",
  boolean: "a boolean",
  string: "a string",
  array: "an array",
  object: "an object",
};

/** The JSON type name of a value as a client would call it (`array`, `null`, `number`). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/**
 * Words a violation as the contract does: `Missing required parameter`,
 * `Expected an integer, received string`, `Value X exceeds maximum allowed (M)`, ...
 */
export function describeViolation(violation: Violation): string {
  switch (violation.kind) {
    case "missing":
      return "Missing required parameter";
    case "type":
      return `Expected ${ARTICLES[violation.expected]}, received ${describeReceived(violation)}`;
    case "above":
      return `Value ${violation.value} exceeds maximum allowed (${violation.max})`;
    case "below":
      return `Value ${violation.value} is below minimum allowed (${violation.min})`;
    case "too-long":
      return `Length ${violation.length} exceeds maximum allowed (${violation.max}${violation.unit})`;
    case "too-short":
      return `Length ${violation.length} is below minimum allowed (${violation.min}${violation.unit})`;
    case "unknown":
      return `Unknown parameter; valid parameters are ${violation.allowed.join(", ")}`;
    case "rule":
      return violation.issue;
  }
}

/** Turns findings into the contract's `details` entries. */
export function findingsToProblems(findings: readonly Finding[]): ParameterProblem[] {
  return findings.map((finding) => {
    const problem: ParameterProblem = {
      parameter: finding.parameter,
      issue: describeViolation(finding.violation),
    };
    if (finding.validRange !== undefined) problem.valid_range = finding.validRange;
    return problem;
  });
}

/** Renders a range as the contract does: `1-1000`, `-10000-10000`. */
export function rangeText(min: number, max: number): string {
  return `${min}-${max}`;
}

function describeReceived(violation: Extract<Violation, { kind: "type" }>): string {
  const received = violation.received;
  if (violation.expected === "integer" && typeof received === "number") return String(received);
  return jsonTypeOf(received);
}
