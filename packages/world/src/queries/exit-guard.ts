import type { JsonValue, PropertyJson, WorldJson } from "@tabletop-mcp/urd";
import { ownEntry } from "./own-entry.js";

/** A property value supplied by the caller, keyed `@entity.property` or `entity.property`. */
export type StateValue = string | number | boolean;

/** Property values that differ from the world's starting values. */
export type WorldState = Readonly<Record<string, StateValue>>;

/** What a guard says under a state: open, closed, or not something this server can judge. */
export type GuardVerdict = "passable" | "blocked" | "unevaluated";

type Scalar = string | number | boolean;

const COMPARISON = /^([^\s.]+)\.([^\s.]+) (==|!=|<=|>=|<|>) (.+)$/;

function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

function withoutAt(text: string): string {
  return text.startsWith("@") ? text.slice(1) : text;
}

/** The literal of a lowered condition as a value of the property's type. */
function literalValue(property: PropertyJson, literal: string): Scalar | undefined {
  switch (property.type) {
    case "boolean":
      return literal === "true" ? true : literal === "false" ? false : undefined;
    case "integer":
    case "number": {
      const value = Number(literal);
      return literal.trim() !== "" && Number.isFinite(value) ? value : undefined;
    }
    case "ref":
      return withoutAt(unquote(literal));
    default:
      return unquote(literal);
  }
}

function currentValue(
  state: WorldState,
  entityId: string,
  name: string,
  startValue: JsonValue | undefined,
  property: PropertyJson,
): Scalar | undefined {
  const given = ownEntry(state, `@${entityId}.${name}`) ?? ownEntry(state, `${entityId}.${name}`);
  const value = given ?? startValue ?? property.default;
  if (value === undefined || Array.isArray(value)) return undefined;
  return property.type === "ref" && typeof value === "string" ? withoutAt(value) : value;
}

function compare(operator: string, left: Scalar, right: Scalar): boolean | undefined {
  if (operator === "==") return left === right;
  if (operator === "!=") return left !== right;
  if (typeof left !== "number" || typeof right !== "number") return undefined;
  if (operator === "<") return left < right;
  if (operator === ">") return left > right;
  if (operator === "<=") return left <= right;
  return left >= right;
}

/**
 * Judges a lowered exit condition (`garden_gate.locked == false`; docs/urd.md, condition
 * lowering) under a state.
 * Properties missing from the state take the entity's value in the world JSON, then the type
 * default. Containment and exhaustion checks, unknown entities or properties and values that
 * do not fit the property's type cannot be judged.
 *
 * @param world - the compiled world JSON
 * @param condition - the exit's condition string
 * @param state - caller-supplied property values
 * @returns whether the exit can be taken
 */
export function evaluateGuard(
  world: WorldJson,
  condition: string,
  state: WorldState,
): GuardVerdict {
  const match = COMPARISON.exec(condition);
  if (!match) return "unevaluated";
  const [, entityId = "", name = "", operator = "", literal = ""] = match;
  const entity = ownEntry(world.entities, entityId);
  const property = ownEntry(ownEntry(world.types, entity?.type ?? "")?.properties, name);
  if (entity === undefined || property === undefined) return "unevaluated";
  const expected = literalValue(property, literal);
  const actual = currentValue(state, entityId, name, ownEntry(entity.properties, name), property);
  if (expected === undefined || actual === undefined) return "unevaluated";
  const verdict = compare(operator, actual, expected);
  if (verdict === undefined) return "unevaluated";
  return verdict ? "passable" : "blocked";
}
