import type { PropertyDeclaration } from "../parse/ast.js";
import { isNumberLiteral } from "../text/numbers.js";
import type { ValueKind } from "./fact-types.js";

/**
 * The value kind of a comparison against a property: boolean → `bool`,
 * integer and number → `int`, enum → `ident`, anything else (string, ref,
 * list, or the undeclared `container`) → `str`.
 */
export function readValueKind(declaration: PropertyDeclaration | null): ValueKind {
  switch (declaration?.type.name) {
    case "boolean":
      return "bool";
    case "integer":
    case "number":
      return "int";
    case "enum":
      return "ident";
    default:
      return "str";
  }
}

/**
 * The value kind of a write: null for an undeclared property (`container`);
 * for `=` as for reads; for `+`/`-` `int` when the value is a number, else null.
 */
export function writeValueKind(
  declaration: PropertyDeclaration | null,
  operator: "=" | "+" | "-",
  value: string,
): ValueKind | null {
  if (declaration === null) return null;
  if (operator === "=") return readValueKind(declaration);
  return isNumberLiteral(value) ? "int" : null;
}
