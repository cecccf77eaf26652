import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { ImportDeclaration, ParsedFile } from "../parse/ast.js";
import { type ParseFileOptions, parseFile } from "../parse/parse-file.js";
import { orderFiles } from "./import-order.js";
import { outsideRootMessage, resolveImportPath } from "./import-path.js";
import type { ImportRead, ImportReader } from "./import-read.js";

const maxChainDepth = 64;
const maxFiles = 256;

/** The files of a world, dependencies first, and who imports whom. */
export interface LoadedWorld {
  /** Every parsed file, dependencies first, the entry file last. */
  readonly files: readonly ParsedFile[];
  /** For each file name, the names of the files it imports directly. */
  readonly importsOf: ReadonlyMap<string, readonly string[]>;
}

const syntheticSpan = { file: "", start_line: 0, start_col: 0, end_line: 0, end_col: 0 };

class WorldLoader {
  readonly loaded = new Map<string, ParsedFile>();
  readonly importsOf = new Map<string, string[]>();

  constructor(
    private readonly reader: ImportReader,
    private readonly diagnostics: DiagnosticList,
    private readonly options: ParseFileOptions,
  ) {}

  visit(file: ParsedFile, chain: readonly string[]): void {
    const direct: string[] = [];
    this.importsOf.set(file.name, direct);
    for (const declaration of file.frontmatter.imports) {
      const target = this.checkImport(file, declaration, chain);
      if (target === null) continue;
      if (!direct.includes(target)) direct.push(target);
      if (this.loaded.has(target)) continue;
      const parsed = this.load(file, declaration, target);
      if (parsed === null) continue;
      this.loaded.set(target, parsed);
      this.visit(parsed, [...chain, target]);
    }
  }

  private checkImport(
    file: ParsedFile,
    declaration: ImportDeclaration,
    chain: readonly string[],
  ): string | null {
    const result = resolveImportPath(file.name, declaration.line, declaration.path);
    if (result.kind === "refused") {
      this.diagnostics.error(result.code, result.message, declaration.span);
      return null;
    }
    if (result.path === file.name) {
      this.diagnostics.error(
        "URD207",
        `File imports itself: '${result.written}'.`,
        declaration.span,
      );
      return null;
    }
    const first = chain.indexOf(result.path);
    if (first >= 0) {
      const cycle = [...chain.slice(first), result.path].join(" → ");
      this.diagnostics.error("URD202", `Circular import detected: ${cycle}.`, declaration.span);
      return null;
    }
    if (chain.length >= maxChainDepth) {
      this.diagnostics.error(
        "URD204",
        `Import depth limit exceeded (${maxChainDepth} files in chain).`,
        declaration.span,
      );
      return null;
    }
    return result.path;
  }

  private load(importer: ParsedFile, declaration: ImportDeclaration, target: string) {
    if (this.loaded.size >= maxFiles) {
      this.diagnostics.error(
        "URD205",
        `Import limit exceeded: a world may load at most ${maxFiles} files.`,
        declaration.span,
      );
      return null;
    }
    const outcome = this.reader(target);
    if (outcome.kind !== "ok") {
      this.reportReadFailure(outcome, importer, declaration);
      return null;
    }
    return parseFile(target, outcome.source, this.diagnostics, this.options);
  }

  private reportReadFailure(
    outcome: Exclude<ImportRead, { kind: "ok" }>,
    importer: ParsedFile,
    declaration: ImportDeclaration,
  ): void {
    const written = declaration.path.trim().replaceAll("\\", "/");
    const span = declaration.span;
    switch (outcome.kind) {
      case "missing":
        this.diagnostics.error(
          "URD201",
          `Imported file not found: '${written}' (imported from ${importer.name}:${declaration.line}).`,
          span,
        );
        return;
      case "outside-root":
        this.diagnostics.error("URD208", outsideRootMessage(written), span);
        return;
      case "invalid-utf8":
        this.diagnostics.error("URD212", `File contains invalid UTF-8: '${written}'.`, span);
        return;
      case "permission-denied":
        this.diagnostics.error("URD213", `Cannot read file '${written}': permission denied.`, span);
        return;
      case "io-error":
        this.diagnostics.error(
          "URD214",
          `I/O error reading '${written}': ${outcome.detail}.`,
          span,
        );
        return;
    }
  }

  reportStemCollisions(): void {
    const byStem = new Map<string, string>();
    for (const file of this.loaded.values()) {
      const earlier = byStem.get(file.stem);
      if (earlier === undefined) {
        byStem.set(file.stem, file.name);
        continue;
      }
      this.diagnostics.error(
        "URD203",
        `File stem collision: '${file.stem}' is produced by both ${earlier} and ${file.name}. Rename one file to avoid section ID conflicts.`,
        syntheticSpan,
      );
    }
  }
}

/**
 * Loads the entry file's imports recursively (each file once), reporting the
 * import errors URD201–URD214, and returns the parsed files in dependency
 * order.
 */
export function loadWorld(
  entry: ParsedFile,
  reader: ImportReader,
  diagnostics: DiagnosticList,
  options: ParseFileOptions = {},
): LoadedWorld {
  const loader = new WorldLoader(reader, diagnostics, options);
  loader.loaded.set(entry.name, entry);
  loader.visit(entry, [entry.name]);
  loader.reportStemCollisions();
  const order = orderFiles(entry.name, [...loader.loaded.keys()], loader.importsOf);
  const files = order.flatMap((name) => {
    const file = loader.loaded.get(name);
    return file === undefined ? [] : [file];
  });
  return { files, importsOf: loader.importsOf };
}
