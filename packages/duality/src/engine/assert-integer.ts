import { DualityError } from "./duality-error.js";
import type { IntegerRange } from "./parameter-ranges.js";

/**
 * Throws `NOT_AN_INTEGER` unless `value` is a safe integer.
 *
 * @param parameter - the parameter name reported in the error
 * @param value - the value to check
 */
export function assertInteger(parameter: string, value: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new DualityError(
      "NOT_AN_INTEGER",
      `${parameter} must be an integer, got ${value}`,
      parameter,
    );
  }
}

/**
 * Throws unless `value` is an integer no smaller than `min`.
 *
 * @param parameter - the parameter name reported in the error
 * @param value - the value to check
 * @param min - the smallest allowed value
 */
export function assertIntegerAtLeast(parameter: string, value: number, min: number): void {
  assertInteger(parameter, value);
  if (value < min) {
    throw new DualityError(
      "OUT_OF_RANGE",
      `${parameter} must be at least ${min}, got ${value}`,
      parameter,
    );
  }
}

/**
 * Throws unless `value` is an integer within `range` (inclusive).
 *
 * @param parameter - the parameter name reported in the error
 * @param value - the value to check
 * @param range - the inclusive bounds
 */
export function assertIntegerInRange(parameter: string, value: number, range: IntegerRange): void {
  assertIntegerAtLeast(parameter, value, range.min);
  if (value > range.max) {
    throw new DualityError(
      "OUT_OF_RANGE",
      `${parameter} must be at most ${range.max}, got ${value}`,
      parameter,
    );
  }
}
