import { compact } from "../../arrays/compact.js";
import type { ExitChild, ExitNode, JumpNode } from "../ast.js";
import { contentSpan } from "../span.js";
import type { ContentContext, LineResult } from "./context.js";

/** Parses one line (and any lines it owns) at `index`; supplied by the block parser. */
export type LineParser = (context: ContentContext, index: number, end: number) => LineResult;

function isExitChild(node: unknown): node is ExitChild {
  if (typeof node !== "object" || node === null || !("kind" in node)) return false;
  const { kind } = node;
  return kind === "condition" || kind === "or-block" || kind === "blocked" || kind === "error";
}

function parseExitChildren(
  context: ContentContext,
  index: number,
  end: number,
  parseLine: LineParser,
): { children: ExitChild[]; next: number } {
  const header = context.lines[index];
  const children: ExitChild[] = [];
  let next = index + 1;
  while (header !== undefined && next < end) {
    const line = context.lines[next];
    if (line === undefined) break;
    if (line.blank) {
      next += 1;
      continue;
    }
    const ownsLine =
      line.level > header.level && (line.rest.startsWith("? ") || line.rest.startsWith("! "));
    if (!ownsLine) break;
    const result = parseLine(context, next, end);
    if (isExitChild(result.node)) children.push(result.node);
    next = result.next;
  }
  return { children: compact(children), next };
}

/**
 * Reads a `-> ` line: an exit declaration `-> direction: Destination` (with
 * its deeper-indented `? `/`! ` children), an exit-qualified jump
 * `-> exit:name`, or a plain jump `-> target`.
 */
export function parseArrowLine(
  context: ContentContext,
  index: number,
  end: number,
  parseLine: LineParser,
): LineResult<ExitNode | JumpNode> {
  const line = context.lines[index];
  if (line === undefined) return { node: null, next: index + 1 };
  const arrow = line.rest.slice(3);
  const span = contentSpan(context.file, line);
  const colon = arrow.indexOf(": ");
  if (colon >= 0) {
    const before = arrow.slice(0, colon);
    if (before.trim() !== "exit" && !before.includes(":")) {
      const { children, next } = parseExitChildren(context, index, end, parseLine);
      return {
        node: {
          kind: "exit",
          direction: before.trim(),
          destination: arrow.slice(colon + 2).trim(),
          children,
          span,
        },
        next,
      };
    }
  }
  if (arrow.startsWith("exit:")) {
    return {
      node: { kind: "jump", target: arrow.slice("exit:".length).trim(), exitQualified: true, span },
      next: index + 1,
    };
  }
  return {
    node: { kind: "jump", target: arrow.trim(), exitQualified: false, span },
    next: index + 1,
  };
}
