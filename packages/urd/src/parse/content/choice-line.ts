import type { ChoiceTarget } from "../ast.js";
import { stripContentComment } from "../inline-comment.js";

/** A choice line's label and optional target. */
export interface ChoiceHead {
  readonly label: string;
  readonly target: ChoiceTarget | null;
}

function parseTarget(text: string): ChoiceTarget {
  if (text.startsWith("@")) return { kind: "entity", id: text.slice(1) };
  if (text.startsWith("any ")) return { kind: "type", name: text.slice(4).trim() };
  return { kind: "entity", id: text };
}

/**
 * Reads the text after a choice's two-character sigil: `label`, or
 * `label -> @entity` / `label -> any Type` (any other target text is taken as
 * an entity name).
 */
export function parseChoiceHead(text: string): ChoiceHead {
  const arrow = text.indexOf(" -> ");
  if (arrow < 0) return { label: stripContentComment(text).trim(), target: null };
  return {
    label: stripContentComment(text.slice(0, arrow)).trim(),
    target: parseTarget(text.slice(arrow + 4).trim()),
  };
}
