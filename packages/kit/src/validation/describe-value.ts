/** The JSON type name of a value, as a client would call it (`array`, `null`, `number`...). */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** `true` for a JSON object: not `null`, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return jsonTypeOf(value) === "object";
}

/** The JSON type a schema expects, with its article: `an integer`, `a string`. */
export function expectedTypePhrase(type: string | string[] | undefined): string {
  const first = Array.isArray(type) ? type.find((name) => name !== "null") : type;
  switch (first) {
    case "integer":
      return "an integer";
    case "number":
      return "a number";
    case "string":
      return "a string";
    case "boolean":
      return "a boolean";
    case "array":
      return "an array";
    case "object":
      return "an object";
    default:
      return "a valid value";
  }
}

/** A short, bounded rendering of a received value for an error message. */
export function renderValue(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
