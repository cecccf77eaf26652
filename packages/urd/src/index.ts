export {
  type CompilationResult,
  type CompileOptions,
  compile,
  compileSource,
} from "./compile.js";
export { compileFile } from "./compile-file.js";
export type { Diagnostic, DiagnosticCode, Severity, Span } from "./diagnostics/diagnostic.js";
export { formatDiagnostic, formatSummary } from "./diagnostics/format-diagnostic.js";
export { sortDiagnostics } from "./diagnostics/sort-diagnostics.js";
export type {
  ActionJson,
  ConditionsJson,
  DialogueChoiceJson,
  DialogueSectionJson,
  EffectJson,
  EntityJson,
  ExitJson,
  JsonValue,
  LocationJson,
  OnExhaustedJson,
  PhaseJson,
  PropertyJson,
  RuleJson,
  RuleSelectJson,
  SequenceJson,
  SpeechJson,
  TypeJson,
  WorldInfoJson,
  WorldJson,
} from "./emit/world-json.js";
export { UrdError, type UrdErrorCode } from "./errors.js";
export type {
  ChoiceFact,
  ExitEdge,
  FactSetJson,
  FactSite,
  JumpEdge,
  JumpTarget,
  PropertyRead,
  PropertyWrite,
  RuleFact,
  ValueKind,
} from "./facts/fact-types.js";
export {
  buildPropertyIndex,
  formatPropertyKey,
  type Orphaned,
  type PropertyIndexEntry,
  type PropertyIndexJson,
  type PropertyKey,
  readButNeverWritten,
  readsOf,
  writesOf,
  writtenButNeverRead,
  writtenKeysInOrder,
} from "./facts/property-index.js";
export {
  createDiskImportReader,
  type DiskImportRead,
  type DiskImportReader,
} from "./imports/disk-import-reader.js";
export type { ImportRead, ImportReader } from "./imports/import-read.js";
export type { ComparisonOperator } from "./parse/ast.js";
export { slugify } from "./text/slugify.js";
