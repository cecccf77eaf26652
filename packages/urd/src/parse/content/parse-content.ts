import { compact } from "../../arrays/compact.js";
import type { Span } from "../../diagnostics/diagnostic.js";
import type { ChoiceNode, ContentNode } from "../ast.js";
import { stripContentComment } from "../inline-comment.js";
import type { SourceLine } from "../source-lines.js";
import { contentSpan } from "../span.js";
import { parseArrowLine } from "./arrow-line.js";
import { parseChoiceHead } from "./choice-line.js";
import { parseCondition } from "./condition.js";
import { type ContentContext, type LineResult, unrecognisedLine } from "./context.js";
import { parseEffect } from "./effect.js";
import { parseEntityLine } from "./entity-line.js";
import { parseHeadingName } from "./heading.js";
import { parseOrBlock } from "./or-block.js";
import { parsePresenceLine } from "./presence-line.js";
import { parseRuleBlock } from "./rule-block.js";

function choiceBlockEnd(
  context: ContentContext,
  index: number,
  end: number,
  level: number,
): number {
  let next = index + 1;
  while (next < end) {
    const line = context.lines[next];
    if (line === undefined || (!line.blank && line.level <= level)) break;
    next += 1;
  }
  return next;
}

function parseChoice(context: ContentContext, index: number, end: number): LineResult {
  const line = context.lines[index];
  if (line === undefined) return { node: null, next: index + 1 };
  const { label, target } = parseChoiceHead(line.rest.slice(2));
  if (label === "") return { node: unrecognisedLine(context, line), next: index + 1 };
  const childEnd = choiceBlockEnd(context, index, end, line.level);
  const node: ChoiceNode = {
    kind: "choice",
    label,
    sticky: line.rest.startsWith("+"),
    target,
    depth: line.level,
    children: compact(parseContentRange(context, index + 1, childEnd)),
    span: contentSpan(context.file, line),
  };
  return { node, next: childEnd };
}

/** A one-line node's result: the next line is the one after it. */
function single(node: ContentNode | null, index: number): LineResult {
  return { node, next: index + 1 };
}

/**
 * Parses the line at `index` by the first matching rule of the content line
 * table, consuming the lines it owns (choice bodies, exit children, `? any:`
 * members, rule bodies). Comments yield no node.
 *
 * The rules are looked up by the line's first character: rules that start with different
 * characters never match the same line, so the table's order still decides, and a line is not
 * tried against every prefix of the table in turn, which a large world would pay for on each of
 * its lines while the compiler is still cold.
 */
function parseContentLine(context: ContentContext, index: number, end: number): LineResult {
  const line = context.lines[index];
  if (line === undefined) return { node: null, next: index + 1 };
  const rest = line.rest;
  switch (rest[0]) {
    case "?":
      if (rest.startsWith("? any:")) return parseOrBlock(context, index, end);
      break;
    case "r":
      if (rest.startsWith("rule ") && rest.endsWith(":"))
        return parseRuleBlock(context, index, end);
      break;
    case "-":
      if (rest.startsWith("-> ")) return parseArrowLine(context, index, end, parseContentLine);
      break;
    case "*":
    case "+":
      if (rest[1] === " ") return parseChoice(context, index, end);
      break;
    case "@":
      return single(parseEntityLine(context, line), index);
    case "[":
      if (rest.startsWith("[@")) return single(parsePresenceLine(context.file, line), index);
      break;
    case "/":
      if (rest.startsWith("// ") || rest === "//") return single(null, index);
      break;
  }
  return single(parseOneLineNode(context, line), index);
}

/** `### phase`, `## sequence` or `# location`; any other line starting with `#` is URD112. */
function parseHeading(context: ContentContext, line: SourceLine, span: Span): ContentNode {
  const rest = line.rest;
  if (rest.startsWith("### ")) {
    const { name, auto } = parseHeadingName(rest.slice(4));
    return { kind: "phase", name, auto, span };
  }
  if (rest.startsWith("## ")) {
    return { kind: "sequence", name: parseHeadingName(rest.slice(3)).name, span };
  }
  if (rest.startsWith("# ")) {
    return { kind: "location", name: parseHeadingName(rest.slice(2)).name, span };
  }
  return unrecognisedLine(context, line);
}

/** `? condition`; any other line starting with `?` is URD112. */
function parseConditionLine(context: ContentContext, line: SourceLine, span: Span): ContentNode {
  const rest = line.rest;
  const condition = rest.startsWith("? ") ? parseCondition(rest.slice(2), span) : null;
  if (condition === null) return unrecognisedLine(context, line);
  return { kind: "condition", condition, span };
}

/**
 * The nodes that are one line and carry the line's content span, looked up by first character
 * like {@link parseContentLine}; a line no rule takes is prose.
 */
function parseOneLineNode(context: ContentContext, line: SourceLine): ContentNode {
  const rest = line.rest;
  const span = contentSpan(context.file, line);
  switch (rest[0]) {
    case "#":
      return parseHeading(context, line, span);
    case "?":
      return parseConditionLine(context, line, span);
    case "=":
      if (rest.startsWith("== ")) return { kind: "section", name: rest.slice(3).trim(), span };
      break;
    case ">":
      if (rest.startsWith("> ")) {
        return { kind: "effect", effect: parseEffect(rest.slice(2), span), span };
      }
      break;
    case "!":
      if (rest.startsWith("! ")) {
        return { kind: "blocked", text: stripContentComment(rest.slice(2)).trim(), span };
      }
      break;
  }
  return { kind: "prose", text: stripContentComment(rest).trim(), span };
}

/** Parses the lines in `[start, end)` into content nodes, skipping blank lines. */
export function parseContentRange(
  context: ContentContext,
  start: number,
  end: number,
): ContentNode[] {
  const nodes: ContentNode[] = [];
  let index = start;
  while (index < end) {
    const line = context.lines[index];
    if (line === undefined) break;
    if (line.blank) {
      index += 1;
      continue;
    }
    const result = parseContentLine(context, index, end);
    if (result.node !== null) nodes.push(result.node);
    index = Math.max(result.next, index + 1);
  }
  return nodes;
}
