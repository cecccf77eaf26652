import type { DiagnosticList } from "../../diagnostics/diagnostic-list.js";
import { display } from "../../text/display.js";
import type { ContentNode, ErrorNode } from "../ast.js";
import type { SourceLine } from "../source-lines.js";
import { contentSpan } from "../span.js";

/** What every content line parser reads from and reports to. */
export interface ContentContext {
  readonly file: string;
  readonly lines: readonly SourceLine[];
  readonly diagnostics: DiagnosticList;
}

/** A parsed node (or none, for comments) and the index of the next unread line. */
export interface LineResult<T extends ContentNode = ContentNode> {
  readonly node: T | null;
  readonly next: number;
}

/** Reports URD112 for the line and returns the error node that stands for it. */
export function unrecognisedLine(context: ContentContext, line: SourceLine): ErrorNode {
  const span = contentSpan(context.file, line);
  context.diagnostics.error(
    "URD112",
    `Unrecognised syntax at line ${line.number}: '${display(line.text)}'.`,
    span,
  );
  return { kind: "error", span };
}
