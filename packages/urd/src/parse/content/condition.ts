import type { Span } from "../../diagnostics/diagnostic.js";
import { identifierEnd } from "../../text/identifier.js";
import type { ComparisonCondition, ComparisonOperator, Condition, Subject } from "../ast.js";

const operators: readonly ComparisonOperator[] = ["==", "!=", ">=", "<=", ">", "<"];
const exhaustedSuffix = ".exhausted";

/**
 * Reads `property <op> value`: the first operator of `==, !=, >=, <=, >, <`
 * (in that order) that occurs anywhere wins. Null when none occurs or the
 * property part is empty.
 */
export function parseComparison(
  subject: Subject,
  text: string,
  span: Span,
): ComparisonCondition | null {
  for (const operator of operators) {
    const index = text.indexOf(operator);
    if (index < 0) continue;
    const property = text.slice(0, index).trim();
    if (property === "") return null;
    const value = text.slice(index + operator.length).trim();
    return { kind: "comparison", subject, property, operator, value, span };
  }
  return null;
}

function parseEntityCondition(text: string, span: Span): Condition | null {
  const identifierStop = identifierEnd(text, 1);
  const identifier = text.slice(1, identifierStop);
  const rawAfter = text.slice(identifierStop);
  const after = rawAfter.trim();
  if (after.startsWith("not in ")) {
    return {
      kind: "containment",
      entity: identifier,
      negated: true,
      container: after.slice("not in ".length).trim(),
      span,
    };
  }
  if (after.startsWith("in ")) {
    return {
      kind: "containment",
      entity: identifier,
      negated: false,
      container: after.slice("in ".length).trim(),
      span,
    };
  }
  if (rawAfter.startsWith(".")) {
    return parseComparison({ kind: "entity", id: identifier }, rawAfter.slice(1), span);
  }
  return null;
}

/**
 * `parse_condition`: an exhaustion check (`name.exhausted`), a containment
 * check (`@e in X`, `@e not in X`), or a property comparison on `@e.`,
 * `target.` or `player.`. Null when the text is none of these.
 */
export function parseCondition(expression: string, span: Span): Condition | null {
  const text = expression.trim();
  if (text.endsWith(exhaustedSuffix)) {
    return { kind: "exhaustion", section: text.slice(0, -exhaustedSuffix.length), span };
  }
  if (text.startsWith("@")) return parseEntityCondition(text, span);
  if (text.startsWith("target.")) {
    return parseComparison({ kind: "reserved", name: "target" }, text.slice(7), span);
  }
  if (text.startsWith("player.")) {
    return parseComparison({ kind: "reserved", name: "player" }, text.slice(7), span);
  }
  return null;
}
