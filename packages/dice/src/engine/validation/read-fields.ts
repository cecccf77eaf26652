import { type Finding, rangeText } from "./violation.js";

/** A plain JSON object, as arguments arrive. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Whether a value is a JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a key, treating `null` as absent (contract: `null` for an optional means absent). */
export function readPresent(object: JsonObject, key: string): unknown {
  const value = object[key];
  return value === null ? undefined : value;
}

/** Integer bounds, with a flag for maxima that come from the number of dice. */
export interface IntegerBounds {
  readonly min: number;
  readonly max: number;
  readonly relativeToDiceCount?: boolean;
}

/**
 * Checks that a present value is an integer within bounds, pushing at most one finding.
 * Returns the integer when it is valid.
 */
export function checkInteger(
  value: unknown,
  parameter: string,
  bounds: IntegerBounds,
  findings: Finding[],
): number | undefined {
  const validRange = rangeText(bounds.min, bounds.max);
  if (typeof value !== "number" || !Number.isInteger(value)) {
    findings.push({
      parameter,
      validRange,
      violation: { kind: "type", expected: "integer", received: value },
    });
    return undefined;
  }
  if (value > bounds.max) {
    const violation =
      bounds.relativeToDiceCount === true
        ? { kind: "above" as const, value, max: bounds.max, relativeToDiceCount: true }
        : { kind: "above" as const, value, max: bounds.max };
    findings.push({ parameter, validRange, violation });
    return undefined;
  }
  if (value < bounds.min) {
    findings.push({ parameter, validRange, violation: { kind: "below", value, min: bounds.min } });
    return undefined;
  }
  return value;
}

/** Checks that a present value is a boolean, pushing a finding when it is not. */
export function checkBoolean(
  value: unknown,
  parameter: string,
  findings: Finding[],
): boolean | undefined {
  if (typeof value === "boolean") return value;
  findings.push({ parameter, violation: { kind: "type", expected: "boolean", received: value } });
  return undefined;
}

/** Checks that a present value is a string of 1..max code points. */
export function checkText(
  value: unknown,
  parameter: string,
  maxLength: number,
  findings: Finding[],
): string | undefined {
  if (typeof value !== "string") {
    findings.push({ parameter, violation: { kind: "type", expected: "string", received: value } });
    return undefined;
  }
  const length = [...value].length;
  const validRange = `1-${maxLength} characters`;
  if (length === 0) {
    findings.push({
      parameter,
      validRange,
      violation: { kind: "too-short", length, min: 1, unit: " characters" },
    });
    return undefined;
  }
  if (length > maxLength) {
    findings.push({
      parameter,
      validRange,
      violation: { kind: "too-long", length, max: maxLength, unit: " characters" },
    });
    return undefined;
  }
  return value;
}

/** Reports every key of `object` that is not in `allowed`, in the order the keys arrived. */
export function checkUnknownKeys(
  object: JsonObject,
  allowed: readonly string[],
  prefix: string,
  findings: Finding[],
): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      findings.push({ parameter: `${prefix}${key}`, violation: { kind: "unknown", allowed } });
    }
  }
}
