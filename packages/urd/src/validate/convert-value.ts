import type { PropertyType, Scalar } from "../parse/ast.js";
import { isIntegerLiteral, isNumberLiteral } from "../text/numbers.js";

/**
 * Converts the raw value text of a condition or set effect by the property's
 * type: boolean accepts `true`/`false`, integer a whole number, number any
 * number, enum and string the text, ref the text as an entity id. Returns
 * null when the text does not convert.
 */
export function convertValue(raw: string, type: PropertyType): Scalar | null {
  switch (type.name) {
    case "boolean":
      if (raw === "true" || raw === "false") return { kind: "boolean", value: raw === "true" };
      return null;
    case "integer":
      return isIntegerLiteral(raw) ? { kind: "integer", value: Number(raw) } : null;
    case "number":
      return isNumberLiteral(raw) ? { kind: "number", value: Number(raw) } : null;
    case "ref":
      return { kind: "entity-ref", id: raw.startsWith("@") ? raw.slice(1) : raw };
    default:
      return { kind: "string", value: raw };
  }
}

/** Whether a property type holds numbers (integer or number). */
export function isNumericType(type: PropertyType): boolean {
  return type.name === "integer" || type.name === "number";
}
