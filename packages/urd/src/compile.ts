import { analyzeFacts } from "./analyze/analyze.js";
import type { Diagnostic } from "./diagnostics/diagnostic.js";
import { DiagnosticList } from "./diagnostics/diagnostic-list.js";
import { sortDiagnostics } from "./diagnostics/sort-diagnostics.js";
import { emitWorld } from "./emit/emit-world.js";
import type { WorldJson } from "./emit/world-json.js";
import { extractFacts } from "./facts/extract-facts.js";
import type { FactSetJson } from "./facts/fact-types.js";
import { buildPropertyIndex, type PropertyIndexJson } from "./facts/property-index.js";
import { type ImportReader, readerFromCallback } from "./imports/import-read.js";
import { loadWorld } from "./imports/load-files.js";
import { link } from "./link/link.js";
import { baseName } from "./parse/file-stem.js";
import { parseFile } from "./parse/parse-file.js";
import { validate } from "./validate/validate.js";

/** Everything one compilation produced. */
export interface CompilationResult {
  /** True when there is no error-severity diagnostic. */
  readonly success: boolean;
  /** The compiled world; null when there is any error. */
  readonly world: WorldJson | null;
  /** Every diagnostic, sorted by file, line, column and severity. */
  readonly diagnostics: Diagnostic[];
  /** The FactSet; null when PARSE or IMPORT reported an error. */
  readonly facts: FactSetJson | null;
  /** The PropertyDependencyIndex; null exactly when `facts` is. */
  readonly propertyIndex: PropertyIndexJson | null;
}

/** Options of {@link compile}. */
export interface CompileOptions {
  /** The entry file's name or path; diagnostics use its base name. */
  readonly fileName: string;
  /**
   * Reads an imported file by its path relative to the entry file's
   * directory; returns `undefined` when it does not exist. Without it every
   * import is missing (URD201).
   */
  readonly readFile?: (relativePath: string) => string | undefined;
  /**
   * Reads an imported file like `readFile`, but says why a file has no text
   * (missing, outside the world's folder, invalid UTF-8, ...), so that each
   * reason gets its own diagnostic. Used instead of `readFile` when given;
   * `createDiskImportReader` makes one for files on disk.
   */
  readonly readImport?: ImportReader;
  /** Files larger than this many bytes are refused with URD103 (default 1,048,576). */
  readonly maxSourceBytes?: number;
}

/** Options of {@link compileWithReader}. */
export interface ReaderCompileOptions {
  readonly maxSourceBytes?: number;
}

function finish(
  diagnostics: DiagnosticList,
  facts: FactSetJson | null,
  propertyIndex: PropertyIndexJson | null,
  world: WorldJson | null,
): CompilationResult {
  return {
    success: !diagnostics.hasErrors(),
    world,
    diagnostics: sortDiagnostics(diagnostics.items),
    facts,
    propertyIndex,
  };
}

/**
 * Runs the whole pipeline (PARSE, IMPORT, LINK, facts and index, ANALYZE,
 * VALIDATE, EMIT) on an entry file's text, reading imports through `reader`.
 * Never throws on bad input.
 */
export function compileWithReader(
  fileName: string,
  source: string,
  reader: ImportReader,
  options: ReaderCompileOptions = {},
): CompilationResult {
  const diagnostics = new DiagnosticList();
  const parseOptions =
    options.maxSourceBytes === undefined ? {} : { maxSourceBytes: options.maxSourceBytes };
  const entry = parseFile(baseName(fileName), source, diagnostics, parseOptions);
  if (entry === null) return finish(diagnostics, null, null, null);
  const loaded = loadWorld(entry, reader, diagnostics, parseOptions);
  if (diagnostics.hasErrors()) return finish(diagnostics, null, null, null);
  const linked = link(loaded, diagnostics);
  const facts = extractFacts(linked);
  const propertyIndex = buildPropertyIndex(facts);
  analyzeFacts(facts, propertyIndex, diagnostics);
  validate(linked, diagnostics);
  const world = diagnostics.hasErrors() ? null : emitWorld(linked);
  return finish(diagnostics, facts, propertyIndex, world);
}

/**
 * Compiles Urd source text. `options.fileName` names the entry file (its
 * base name appears in spans and its stem in section ids).
 */
export function compile(source: string, options: CompileOptions): CompilationResult {
  const readerOptions =
    options.maxSourceBytes === undefined ? {} : { maxSourceBytes: options.maxSourceBytes };
  return compileWithReader(
    options.fileName,
    source,
    options.readImport ?? readerFromCallback(options.readFile),
    readerOptions,
  );
}

/**
 * Compiles Urd source text named `filename`; `readFile` supplies imported
 * files by their path relative to the entry file's directory.
 */
export function compileSource(
  filename: string,
  source: string,
  readFile?: (relativePath: string) => string | undefined,
): CompilationResult {
  return compileWithReader(filename, source, readerFromCallback(readFile));
}
