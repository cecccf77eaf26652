import type { PropertyType, PropertyTypeName } from "../ast.js";

const simpleTypes: Record<string, PropertyTypeName> = {
  bool: "boolean",
  boolean: "boolean",
  int: "integer",
  integer: "integer",
  num: "number",
  number: "number",
  str: "string",
  string: "string",
  list: "list",
};

const rangedPattern = /^(int|integer|num|number)\((.*)\)$/;
const enumPattern = /^enum\((.*)\)$/;
const refPattern = /^ref\((.*)\)$/;
const listPattern = /^list\((.*)\)$/;

function plain(name: PropertyTypeName): PropertyType {
  return {
    name,
    min: null,
    max: null,
    values: null,
    refType: null,
    element: null,
    unrecognised: null,
  };
}

function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

function ranged(name: PropertyTypeName, inner: string): PropertyType {
  const parts = inner.split(",");
  if (parts.length !== 2) return plain(name);
  const min = parseBound(parts[0] ?? "");
  const max = parseBound(parts[1] ?? "");
  if (min === null || max === null) return plain(name);
  return { ...plain(name), min, max };
}

function splitValues(inner: string): string[] {
  return inner
    .split(",")
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

function parseKnown(signature: string): PropertyType | null {
  const simple = simpleTypes[signature];
  if (simple !== undefined) return plain(simple);
  const range = rangedPattern.exec(signature);
  if (range) {
    const name = simpleTypes[range[1] ?? ""] ?? "integer";
    return ranged(name, range[2] ?? "");
  }
  const enumeration = enumPattern.exec(signature);
  if (enumeration) return { ...plain("enum"), values: splitValues(enumeration[1] ?? "") };
  const reference = refPattern.exec(signature);
  if (reference) return { ...plain("ref"), refType: (reference[1] ?? "").trim() };
  const list = listPattern.exec(signature);
  if (list) {
    const element = parseKnown((list[1] ?? "").trim());
    if (element === null) return null;
    return {
      ...plain("list"),
      element,
      values: element.values,
      refType: element.refType,
    };
  }
  return null;
}

/**
 * Reads a property type signature (`bool`, `int(0, 100)`, `enum(a, b)`,
 * `ref(Key)`, `list(ref(Key))`, …). An unknown signature is a string whose
 * `unrecognised` field keeps the text for URD429.
 */
export function parsePropertyType(signature: string): PropertyType {
  const trimmed = signature.trim();
  return parseKnown(trimmed) ?? { ...plain("string"), unrecognised: trimmed };
}
