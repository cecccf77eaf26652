/** A JSON object as parsed: keys to unknown values. */
export type JsonObject = Record<string, unknown>;

/**
 * Whether a value is a JSON object (not an array, not null).
 *
 * @param value - anything
 * @returns true for a plain object
 */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The objects of an array field, skipping anything else.
 *
 * @param value - the field's value
 * @returns its object items, or none when it is not an array
 */
export function objectsOf(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

/**
 * A number field, or a fallback when it is absent or not a number.
 *
 * @param value - the field's value
 * @param fallback - what to use instead
 * @returns the number
 */
export function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

/**
 * A string field, or a fallback when it is absent or not a string.
 *
 * @param value - the field's value
 * @param fallback - what to use instead
 * @returns the string
 */
export function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" ? value : fallback;
}
