import type { PresenceNode } from "../ast.js";
import type { SourceLine } from "../source-lines.js";
import { contentSpan } from "../span.js";

/**
 * Reads `[@a, @b]`. When the line does not end with `]` the whole text is the
 * list, so its first item keeps the `[` and will not resolve.
 */
export function parsePresenceLine(file: string, line: SourceLine): PresenceNode {
  const rest = line.rest;
  const inner = rest.endsWith("]") ? rest.slice(1, -1) : rest;
  const entries = inner
    .split(",")
    .map((entry) => entry.trim())
    .map((entry) => (entry.startsWith("@") ? entry.slice(1) : entry))
    .filter((entry) => entry !== "");
  return { kind: "presence", entries, span: contentSpan(file, line) };
}
