import { Buffer } from "node:buffer";
import type { CompilationResult, Span } from "../../src/index.js";
import { physicalLines } from "../helpers/fixtures.js";

/** Every span the result carries: diagnostics and every fact. */
export function allSpans(result: CompilationResult): Span[] {
  const spans = result.diagnostics.map((diagnostic) => diagnostic.span);
  const facts = result.facts;
  if (facts !== null) {
    for (const list of [
      facts.reads,
      facts.writes,
      facts.exits,
      facts.jumps,
      facts.choices,
      facts.rules,
    ]) {
      for (const fact of list) spans.push(fact.span);
    }
  }
  return spans;
}

/**
 * Why a span does not lie inside the file, or null when it does: lines within
 * 1..lineCount, columns within 1..bytes(line)+1, start not after end.
 */
export function spanProblem(span: Span, file: string, source: string): string | null {
  const lines = physicalLines(source);
  if (span.file !== file) return `file ${span.file}`;
  const { start_line, start_col, end_line, end_col } = span;
  if (start_line < 1 || end_line > lines.length || start_line > end_line)
    return "lines out of range";
  const startLimit = Buffer.byteLength(lines[start_line - 1] ?? "", "utf8") + 1;
  const endLimit = Buffer.byteLength(lines[end_line - 1] ?? "", "utf8") + 1;
  if (start_col < 1 || start_col > startLimit) return `start column ${start_col} of ${startLimit}`;
  if (end_col < 1 || end_col > endLimit) return `end column ${end_col} of ${endLimit}`;
  if (start_line === end_line && start_col > end_col) return "start after end";
  return null;
}
