import type { Diagnostic } from "./diagnostic.js";

/**
 * Formats a diagnostic the way `urd check` prints it:
 * `<file>:<start_line>:<start_col> <severity> <code> <message>`.
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const { span } = diagnostic;
  return `${span.file}:${span.start_line}:${span.start_col} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
}

/** The summary line `urd check` prints last: `N errors, M warnings`. */
export function formatSummary(diagnostics: readonly Diagnostic[]): string {
  let errors = 0;
  let warnings = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === "error") errors += 1;
    else if (diagnostic.severity === "warning") warnings += 1;
  }
  return `${errors} errors, ${warnings} warnings`;
}
