import type { Diagnostic, DiagnosticCode, Severity, Span } from "./diagnostic.js";

/**
 * The one list every compiler phase appends to, in emission order.
 * Phases never throw on bad input; they report here and carry on.
 */
export class DiagnosticList {
  readonly items: Diagnostic[] = [];
  #errorCount = 0;

  /** Appends an error. */
  error(code: DiagnosticCode, message: string, span: Span): void {
    this.add("error", code, message, span);
  }

  /** Appends a warning. */
  warning(code: DiagnosticCode, message: string, span: Span): void {
    this.add("warning", code, message, span);
  }

  /** Appends a diagnostic of any severity. */
  add(severity: Severity, code: DiagnosticCode, message: string, span: Span): void {
    this.items.push({ severity, code, message, span });
    if (severity === "error") this.#errorCount += 1;
  }

  /** Whether any error-severity diagnostic has been reported. */
  hasErrors(): boolean {
    return this.#errorCount > 0;
  }
}
