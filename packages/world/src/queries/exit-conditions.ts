import type { ExitEdge } from "@tabletop-mcp/urd";

/** The lines of a world's files, keyed by the file names spans carry (base names). */
export type SourceLines = ReadonlyMap<string, readonly string[]>;

const COMPARISON_OPERATORS = ["==", "!=", ">=", "<=", ">", "<"] as const;
const ENTITY_ID = /^@([A-Za-z0-9_]*)/;

/** Leading indentation in spaces, a tab counting as two (docs/urd.md, source text). */
function indentation(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === " ") width += 1;
    else if (character === "\t") width += 2;
    else break;
  }
  return width;
}

/**
 * The condition texts under an exit declaration (docs/urd.md, exits): the following lines
 * (blank ones skipped) indented deeper than the exit line that start with `? ` or `! `, up to
 * the first other line.
 *
 * @param lines - the lines of the file holding the exit
 * @param exitLine - the exit declaration's 1-based line number
 * @returns each condition's expression (the text after `? `, trimmed), in source order
 */
export function conditionChildren(lines: readonly string[], exitLine: number): string[] {
  const exit = lines[exitLine - 1];
  if (exit === undefined) return [];
  const exitIndentation = indentation(exit);
  const conditions: string[] = [];
  for (let index = exitLine; index < lines.length; index++) {
    const line = lines[index] as string;
    const rest = line.trim();
    if (rest === "") continue;
    if (indentation(line) <= exitIndentation) break;
    if (rest.startsWith("? ")) conditions.push(rest.slice(2).trim());
    else if (!rest.startsWith("! ")) break;
  }
  return conditions;
}

/** A containment check's container as the compiled world names it (docs/urd.md, conditions). */
function lowerContainer(container: string): string {
  if (container === "here") return "player.container";
  return container.startsWith("@") ? container.slice(1) : container;
}

/**
 * Lowers a property comparison or a containment check to the compiled world's condition string
 * (`garden_gate.locked == false`, `key.container == player`; docs/urd.md, condition lowering),
 * parsing conditions as the compiler does (docs/urd.md, condition expressions).
 *
 * @param expression - a condition's text after `? `
 * @returns the lowered string, or undefined for anything else (exhaustion, `any:`, prose)
 */
export function lowerCondition(expression: string): string | undefined {
  const match = ENTITY_ID.exec(expression);
  if (match === null) return undefined;
  const entity = match[1] ?? "";
  const after = expression.slice(match[0].length);
  const trimmed = after.trim();
  if (trimmed.startsWith("not in ")) {
    return `${entity}.container != ${lowerContainer(trimmed.slice(7).trim())}`;
  }
  if (trimmed.startsWith("in ")) {
    return `${entity}.container == ${lowerContainer(trimmed.slice(3).trim())}`;
  }
  if (!after.startsWith(".")) return undefined;
  const comparison = after.slice(1);
  for (const operator of COMPARISON_OPERATORS) {
    const at = comparison.indexOf(operator);
    if (at < 0) continue;
    const property = comparison.slice(0, at).trim();
    if (property === "") return undefined;
    return `${entity}.${property} ${operator} ${comparison.slice(at + operator.length).trim()}`;
  }
  return undefined;
}

/**
 * Every guard of an exit as a condition string: each `? ` child lowered, in source order. The
 * compiled world keeps only the last (`locations[…].exits[…].condition`), so that one is taken
 * from the world verbatim and the earlier ones are lowered here; a child that cannot be lowered
 * keeps its source text, which no evaluation accepts.
 *
 * @param edge - the exit
 * @param sources - the world's file lines; without the exit's file only `lastCondition` is known
 * @param lastCondition - the compiled world's condition for the exit, if any
 * @returns the guards, empty for an unconditional exit
 */
export function exitConditions(
  edge: ExitEdge,
  sources: SourceLines | undefined,
  lastCondition: string | undefined,
): string[] {
  const lines = sources?.get(edge.span.file);
  const children = lines === undefined ? [] : conditionChildren(lines, edge.span.start_line);
  if (children.length === 0) return lastCondition === undefined ? [] : [lastCondition];
  const lowered = children.map((child) => lowerCondition(child) ?? child);
  if (lastCondition !== undefined) lowered[lowered.length - 1] = lastCondition;
  return lowered;
}
