import type { Condition, Effect, RuleNode, RuleSelect } from "../ast.js";
import type { SourceLine } from "../source-lines.js";
import { lineSpan, rangeSpan } from "../span.js";
import { parseComparison, parseCondition } from "./condition.js";
import type { ContentContext, LineResult } from "./context.js";
import { parseEffect } from "./effect.js";

interface SelectHead {
  readonly variable: string;
  readonly from: string[];
}

function parseSelectHead(text: string): SelectHead | null {
  const fromIndex = text.indexOf(" from ");
  if (fromIndex < 0) return null;
  let list = text.slice(fromIndex + " from ".length).trim();
  if (list.startsWith("[")) list = list.slice(1);
  if (list.endsWith("]")) list = list.slice(0, -1);
  const from = list
    .split(",")
    .map((item) => item.trim())
    .map((item) => (item.startsWith("@") ? item.slice(1) : item))
    .filter((item) => item !== "");
  return { variable: text.slice("selects ".length, fromIndex).trim(), from };
}

function parseWhere(
  context: ContentContext,
  line: SourceLine,
  text: string,
  variable: string | null,
): Condition | null {
  const expression = text.slice("where ".length).trim();
  const span = lineSpan(context.file, line);
  const condition = parseCondition(expression, span);
  if (condition !== null || variable === null) return condition;
  if (!expression.startsWith(`${variable}.`)) return null;
  return parseComparison(
    { kind: "bound", name: variable },
    expression.slice(variable.length + 1),
    span,
  );
}

function findSelectVariable(body: readonly SourceLine[]): string | null {
  for (const line of body) {
    const text = line.rest.trim();
    if (text.startsWith("selects ")) return parseSelectHead(text)?.variable ?? null;
  }
  return null;
}

function collectBody(context: ContentContext, index: number, end: number): SourceLine[] {
  const header = context.lines[index];
  const body: SourceLine[] = [];
  if (header === undefined) return body;
  for (let next = index + 1; next < end; next += 1) {
    const line = context.lines[next];
    if (line === undefined || line.blank || line.level <= header.level) break;
    body.push(line);
  }
  return body;
}

/**
 * Reads `rule name:` and its body (following lines indented deeper, up to the
 * first blank or less-indented line): `actor:`, `selects VAR from [...]` with
 * its immediately following `where` lines, rule-level `where` lines and
 * `> effect` lines. Other body lines are ignored. Where-clauses and effects
 * carry the span of their whole line, starting at column 1 although the line
 * is indented, as OR-block members do (docs/urd.md §5.4).
 */
export function parseRuleBlock(
  context: ContentContext,
  index: number,
  end: number,
): LineResult<RuleNode> {
  const header = context.lines[index];
  if (header === undefined) return { node: null, next: index + 1 };
  const body = collectBody(context, index, end);
  const variable = findSelectVariable(body);
  const boundNames = new Set(["target", "player"]);
  if (variable !== null) boundNames.add(variable);
  let actor: string | null = null;
  let trigger: string | null = null;
  let select: RuleSelect | null = null;
  const selectWhere: Condition[] = [];
  const where: Condition[] = [];
  const effects: Effect[] = [];
  let inSelect = false;
  for (const line of body) {
    const text = line.rest.trim();
    const isWhere = text.startsWith("where ");
    if (!isWhere) inSelect = false;
    if (text.startsWith("actor:")) {
      const value = text.slice("actor:".length).trim();
      if (value.startsWith("@")) {
        const space = value.indexOf(" ");
        actor = space < 0 ? value.slice(1) : value.slice(1, space);
        trigger = space < 0 ? "" : value.slice(space + 1).trim();
      }
    } else if (text.startsWith("selects ")) {
      const head = parseSelectHead(text);
      if (head !== null) {
        select = { variable: head.variable, from: head.from, where: selectWhere };
        inSelect = true;
      }
    } else if (isWhere) {
      const condition = parseWhere(context, line, text, variable);
      if (condition !== null) (inSelect ? selectWhere : where).push(condition);
    } else if (text.startsWith("> ")) {
      effects.push(parseEffect(text.slice(2), lineSpan(context.file, line), boundNames));
    }
  }
  const last = body[body.length - 1] ?? header;
  const rest = header.rest.trimEnd();
  return {
    node: {
      kind: "rule",
      name: rest.slice("rule ".length, -1).trim(),
      actor,
      trigger,
      select,
      where,
      effects,
      span: rangeSpan(context.file, header, header.leadingSpaces + 1, last),
    },
    next: index + 1 + body.length,
  };
}
