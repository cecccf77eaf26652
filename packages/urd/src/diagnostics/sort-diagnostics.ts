import type { Diagnostic, Severity } from "./diagnostic.js";

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Returns the diagnostics stably sorted by file (code-point order), start
 * line, start column, then severity (error, warning, info). Ties keep their
 * emission order.
 */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort(
      (a, b) =>
        compareCodePoints(a.diagnostic.span.file, b.diagnostic.span.file) ||
        a.diagnostic.span.start_line - b.diagnostic.span.start_line ||
        a.diagnostic.span.start_col - b.diagnostic.span.start_col ||
        severityRank[a.diagnostic.severity] - severityRank[b.diagnostic.severity] ||
        a.index - b.index,
    )
    .map((entry) => entry.diagnostic);
}
