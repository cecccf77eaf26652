import { isInteger64, isNumberLiteral } from "../text/numbers.js";
import { splitTopLevel } from "../text/split-top-level.js";
import type { Scalar } from "./ast.js";

const entityReferencePattern = /^@[A-Za-z0-9_]+$/;

function isQuoted(text: string): boolean {
  if (text.length < 2) return false;
  const first = text[0];
  return (first === '"' || first === "'") && text.endsWith(first);
}

/**
 * Reads a frontmatter value: `true`/`false`, a quoted string (quotes removed,
 * no escapes), a `[…]` list, an `@ident` entity reference, a 64-bit integer, a
 * decimal or exponent number, or else the bare text as a string.
 */
export function parseScalar(text: string): Scalar {
  const trimmed = text.trim();
  if (trimmed === "true") return { kind: "boolean", value: true };
  if (trimmed === "false") return { kind: "boolean", value: false };
  if (isQuoted(trimmed)) return { kind: "string", value: trimmed.slice(1, -1) };
  if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
    const items = splitTopLevel(trimmed.slice(1, -1), ",")
      .map((item) => item.trim())
      .filter((item) => item !== "")
      .map(parseScalar);
    return { kind: "list", items };
  }
  if (entityReferencePattern.test(trimmed)) return { kind: "entity-ref", id: trimmed.slice(1) };
  if (isInteger64(trimmed)) return { kind: "integer", value: Number(trimmed) };
  if (isNumberLiteral(trimmed)) return { kind: "number", value: Number(trimmed) };
  return { kind: "string", value: trimmed };
}

/** Prints a scalar as messages show it: strings bare, references as `@id`, lists as `[a, b]`. */
export function formatScalar(scalar: Scalar): string {
  switch (scalar.kind) {
    case "boolean":
      return String(scalar.value);
    case "integer":
    case "number":
      return String(scalar.value);
    case "string":
      return scalar.value;
    case "entity-ref":
      return `@${scalar.id}`;
    case "list":
      return `[${scalar.items.map(formatScalar).join(", ")}]`;
  }
}
