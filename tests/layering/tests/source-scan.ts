import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { REPOSITORY_ROOT, sourceFiles, workspacePackages } from "./workspace.js";

/** One TypeScript source file of a package's `src/`, parsed. */
export interface ParsedSource {
  /** `packages/kit/src/tool.ts`, relative to the repository root. */
  readonly file: string;
  /** The package folder it belongs to (`packages/kit`). */
  readonly folder: string;
  readonly source: ts.SourceFile;
}

/**
 * Parses a text as a TypeScript file, for checks on its syntax tree.
 *
 * @param file - the name reported with findings
 * @param text - the file's contents
 */
export function parseSource(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Every source file under `src/` of every package in `packages/` and `apps/`, parsed. */
export function workspaceSources(): ParsedSource[] {
  return workspacePackages().flatMap((pack) =>
    sourceFiles(join(REPOSITORY_ROOT, pack.folder, "src")).map((path) => {
      const file = relative(REPOSITORY_ROOT, path);
      return { file, folder: pack.folder, source: parseSource(file, readFileSync(path, "utf8")) };
    }),
  );
}

/** The 1-based line of a position in a parsed file. */
export function lineOf(source: ts.SourceFile, position: number): number {
  return source.getLineAndCharacterOfPosition(position).line + 1;
}
