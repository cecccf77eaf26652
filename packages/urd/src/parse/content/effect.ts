import type { Span } from "../../diagnostics/diagnostic.js";
import type { Effect, PropertyAccess } from "../ast.js";

/** The set operators in the order they are searched for, each with the text that marks it. */
const setOperators: readonly { operator: "=" | "+" | "-"; marker: string }[] = [
  { operator: "=", marker: " = " },
  { operator: "+", marker: " + " },
  { operator: "-", marker: " - " },
];

/** Outside rules there are no bound variables; one shared empty set rather than one per effect. */
const noBoundNames: ReadonlySet<string> = new Set();

/**
 * Reads an effect target `@e.p` as a property access. Inside a rule, a
 * target `VAR.p` whose VAR is one of `boundNames` is a bound-variable access.
 * Anything else is left unresolved (null).
 */
function parsePropertyAccess(
  target: string,
  boundNames: ReadonlySet<string>,
): PropertyAccess | null {
  const dot = target.indexOf(".");
  if (dot < 0) return null;
  const property = target.slice(dot + 1);
  if (target.startsWith("@")) {
    return { subject: { kind: "entity", id: target.slice(1, dot) }, property };
  }
  const head = target.slice(0, dot);
  if (boundNames.has(head)) return { subject: { kind: "bound", name: head }, property };
  return null;
}

function stripAt(text: string): string {
  return text.startsWith("@") ? text.slice(1) : text;
}

function parseMove(text: string, span: Span, boundNames: ReadonlySet<string>): Effect | null {
  if (!text.startsWith("move ")) return null;
  const arrow = text.indexOf(" -> ");
  if (arrow < 0) return null;
  const mover = text.slice("move ".length, arrow).trim();
  const destination = stripAt(text.slice(arrow + 4).trim());
  if (mover.startsWith("@")) {
    return { kind: "move", entity: { kind: "entity", id: mover.slice(1) }, destination, span };
  }
  if (boundNames.has(mover)) {
    return { kind: "move", entity: { kind: "bound", name: mover }, destination, span };
  }
  return null;
}

/**
 * Reads the text after `> `: `move @E -> D`, `reveal X`, `destroy X`, or a set
 * (`target = value`, `target + n`, `target - n`, searched in that priority).
 * Text that matches nothing is a set of the whole text with an empty value.
 * `boundNames` are the rule's bound variables (empty outside rules).
 */
export function parseEffect(
  expression: string,
  span: Span,
  boundNames: ReadonlySet<string> = noBoundNames,
): Effect {
  const text = expression.trim();
  const move = parseMove(text, span, boundNames);
  if (move !== null) return move;
  if (text.startsWith("reveal ")) {
    const target = text.slice("reveal ".length).trim();
    return { kind: "reveal", target, access: parsePropertyAccess(target, boundNames), span };
  }
  if (text.startsWith("destroy ")) {
    return { kind: "destroy", entity: stripAt(text.slice("destroy ".length).trim()), span };
  }
  for (const { operator, marker } of setOperators) {
    const index = text.indexOf(marker);
    if (index < 0) continue;
    const target = text.slice(0, index).trim();
    return {
      kind: "set",
      target,
      access: parsePropertyAccess(target, boundNames),
      operator,
      value: text.slice(index + marker.length).trim(),
      span,
    };
  }
  return {
    kind: "set",
    target: text,
    access: parsePropertyAccess(text, boundNames),
    operator: "=",
    value: "",
    span,
  };
}
