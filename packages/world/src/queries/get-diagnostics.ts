import type { Diagnostic, Severity } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";

/** A diagnostic flattened for clients. */
export interface DiagnosticEntry {
  severity: Severity;
  code: string;
  message: string;
  file: string;
  start_line: number;
  start_col: number;
  end_line: number;
  end_col: number;
}

/** `get_diagnostics`'s payload (docs/world.md §4.8); the counts describe the filtered list. */
export interface DiagnosticsReport extends Versioned {
  total: number;
  errors: number;
  warnings: number;
  info: number;
  diagnostics: DiagnosticEntry[];
}

/** Optional filters; both must match when both are given. */
export interface DiagnosticsFilter {
  severity?: Severity | undefined;
  /** Exact file name as diagnostics spell it (the entry file's base name, imports relative). */
  file?: string | undefined;
}

function flatten(diagnostic: Diagnostic): DiagnosticEntry {
  const { span } = diagnostic;
  return {
    severity: diagnostic.severity,
    code: diagnostic.code,
    message: diagnostic.message,
    file: span.file,
    start_line: span.start_line,
    start_col: span.start_col,
    end_line: span.end_line,
    end_col: span.end_col,
  };
}

/**
 * The compiler's diagnostics in their sorted order, optionally filtered by severity and file.
 *
 * @param compiled - one compilation's data
 * @param filter - severity and/or file to keep
 * @returns the payload
 */
export function getDiagnostics(
  compiled: CompiledWorld,
  filter: DiagnosticsFilter = {},
): DiagnosticsReport {
  const kept = compiled.diagnostics.filter(
    (diagnostic) =>
      (filter.severity === undefined || diagnostic.severity === filter.severity) &&
      (filter.file === undefined || diagnostic.span.file === filter.file),
  );
  const count = (severity: Severity) =>
    kept.filter((diagnostic) => diagnostic.severity === severity).length;
  return {
    schema_version: SCHEMA_VERSION,
    total: kept.length,
    errors: count("error"),
    warnings: count("warning"),
    info: count("info"),
    diagnostics: kept.map(flatten),
  };
}
