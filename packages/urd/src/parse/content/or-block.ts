import { compact } from "../../arrays/compact.js";
import type { Condition, OrBlockNode } from "../ast.js";
import { contentSpan, lineSpan, rangeSpan } from "../span.js";
import { parseCondition } from "./condition.js";
import type { ContentContext, LineResult } from "./context.js";

/**
 * Reads `? any:` and its members: the following lines indented deeper, up to
 * the first blank line or line at the block's level or less. Members that are
 * not conditions are dropped silently; member spans are line spans.
 */
export function parseOrBlock(
  context: ContentContext,
  index: number,
  end: number,
): LineResult<OrBlockNode> {
  const header = context.lines[index];
  if (header === undefined) return { node: null, next: index + 1 };
  const members: Condition[] = [];
  let last = header;
  let next = index + 1;
  while (next < end) {
    const line = context.lines[next];
    if (line === undefined || line.blank || line.level <= header.level) break;
    const condition = parseCondition(line.rest, lineSpan(context.file, line));
    if (condition !== null) members.push(condition);
    last = line;
    next += 1;
  }
  const start = contentSpan(context.file, header).start_col;
  return {
    node: {
      kind: "or-block",
      members: compact(members),
      span: rangeSpan(context.file, header, start, last),
    },
    next,
  };
}
