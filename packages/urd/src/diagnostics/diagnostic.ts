/** How serious a diagnostic is. Only `error` blocks the compiled world. */
export type Severity = "error" | "warning" | "info";

/**
 * Every code the compiler can report. Parse 1xx, import 2xx, link 3xx,
 * validate 4xx, FactSet analysis 6xx.
 */
export type DiagnosticCode =
  | "URD101"
  | "URD102"
  | "URD103"
  | "URD104"
  | "URD105"
  | "URD106"
  | "URD107"
  | "URD108"
  | "URD109"
  | "URD111"
  | "URD112"
  | "URD201"
  | "URD202"
  | "URD203"
  | "URD204"
  | "URD205"
  | "URD207"
  | "URD208"
  | "URD209"
  | "URD210"
  | "URD211"
  | "URD212"
  | "URD213"
  | "URD214"
  | "URD301"
  | "URD302"
  | "URD303"
  | "URD304"
  | "URD305"
  | "URD306"
  | "URD307"
  | "URD308"
  | "URD309"
  | "URD310"
  | "URD311"
  | "URD312"
  | "URD313"
  | "URD314"
  | "URD401"
  | "URD402"
  | "URD404"
  | "URD405"
  | "URD410"
  | "URD411"
  | "URD412"
  | "URD413"
  | "URD415"
  | "URD416"
  | "URD418"
  | "URD419"
  | "URD420"
  | "URD422"
  | "URD424"
  | "URD425"
  | "URD426"
  | "URD428"
  | "URD429"
  | "URD430"
  | "URD431"
  | "URD432"
  | "URD433"
  | "URD434"
  | "URD601"
  | "URD602"
  | "URD603"
  | "URD604"
  | "URD605";

/**
 * A source range. Lines are 1-based; columns are 1-based UTF-8 byte offsets
 * and `end_col` is exclusive. `file` is the entry file's base name or an
 * imported file's path relative to the entry file's directory.
 */
export interface Span {
  readonly file: string;
  readonly start_line: number;
  readonly start_col: number;
  readonly end_line: number;
  readonly end_col: number;
}

/** One compiler message, shaped as the compiled JSON shows it. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly span: Span;
}
