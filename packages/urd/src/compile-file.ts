import { readFileSync } from "node:fs";
import { type CompilationResult, compileWithReader } from "./compile.js";
import { UrdError } from "./errors.js";
import { createDiskImportReader } from "./imports/disk-import-reader.js";

/**
 * Reads a world file and the files it imports from disk and compiles them.
 * Imports are confined to the folder that really holds the entry file: one
 * whose real path (symlinks followed) lies outside it is refused with URD208.
 * Throws {@link UrdError} with code `FILE_UNREADABLE` when the entry file
 * itself cannot be read; everything else is reported as diagnostics.
 */
export function compileFile(path: string): CompilationResult {
  let source: string;
  try {
    source = readFileSync(path, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UrdError("FILE_UNREADABLE", `cannot read '${path}': ${reason}`, { cause: error });
  }
  return compileWithReader(path, source, createDiskImportReader(path));
}
