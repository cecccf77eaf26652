import type { CompilationResult } from "@tabletop-mcp/urd";

/**
 * What the queries read from one compilation: the world JSON (null on any error), the FactSet
 * and its index (null when PARSE or IMPORT failed) and the sorted diagnostics.
 */
export type CompiledWorld = Pick<
  CompilationResult,
  "world" | "facts" | "propertyIndex" | "diagnostics"
>;
