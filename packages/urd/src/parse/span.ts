import type { Span } from "../diagnostics/diagnostic.js";
import type { SourceLine } from "./source-lines.js";

/** The whole line: `(L, 1, L, bytes(line) + 1)`. */
export function lineSpan(file: string, line: SourceLine): Span {
  return {
    file,
    start_line: line.number,
    start_col: 1,
    end_line: line.number,
    end_col: line.bytes + 1,
  };
}

/** The line after its leading spaces: `(L, spaces + 1, L, bytes(line) + 1)`. */
export function contentSpan(file: string, line: SourceLine): Span {
  return {
    file,
    start_line: line.number,
    start_col: line.leadingSpaces + 1,
    end_line: line.number,
    end_col: line.bytes + 1,
  };
}

/** From a column of the first line to the end of the last line. */
export function rangeSpan(
  file: string,
  first: SourceLine,
  startColumn: number,
  last: SourceLine,
): Span {
  return {
    file,
    start_line: first.number,
    start_col: startColumn,
    end_line: last.number,
    end_col: last.bytes + 1,
  };
}
