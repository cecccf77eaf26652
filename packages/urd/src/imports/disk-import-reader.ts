import { readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import type { ImportRead, ImportReader } from "./import-read.js";

/** One import read from disk, with the files the answer depended on. */
export type DiskImportRead = ImportRead & {
  /**
   * Absolute paths worth watching for this import: the path as written and, when symlinks
   * lead elsewhere inside the world's folder, the real file that was read.
   */
  readonly paths: readonly string[];
};

/** Reads an import from disk; a {@link ImportReader} whose answers also name the paths read. */
export type DiskImportReader = (relativePath: string) => DiskImportRead;

const utf8 = new TextDecoder("utf-8", { fatal: true });

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function failure(error: unknown): ImportRead {
  const code = errorCode(error);
  if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
  if (code === "EACCES" || code === "EPERM") return { kind: "permission-denied" };
  return { kind: "io-error", detail: error instanceof Error ? error.message : String(error) };
}

function realPathOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function isInside(folder: string, path: string): boolean {
  const fromFolder = relative(folder, path);
  return (
    fromFolder !== "" &&
    fromFolder !== ".." &&
    !fromFolder.startsWith(`..${sep}`) &&
    !isAbsolute(fromFolder)
  );
}

function readText(path: string): ImportRead {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return failure(error);
  }
  try {
    return { kind: "ok", source: utf8.decode(bytes) };
  } catch {
    return { kind: "invalid-utf8" };
  }
}

/**
 * Creates the reader `compileFile` uses: imports resolve against the folder that really
 * holds the entry file (a symlinked entry file is followed first), and every import is
 * followed through its symlinks and refused as `outside-root` (URD208) when the real file
 * lies outside that folder. This is the same boundary that a `..` path meets, applied to
 * where the file really is (docs/urd.md §6.3).
 *
 * @param entryPath - the entry file, absolute or relative to the working directory
 */
export function createDiskImportReader(entryPath: string): DiskImportReader {
  const folder = dirname(realPathOrSame(resolve(entryPath)));
  return (relativePath) => {
    const written = resolve(folder, relativePath);
    let real: string;
    try {
      real = realpathSync(written);
    } catch (error) {
      return { ...failure(error), paths: [written] };
    }
    if (!isInside(folder, real)) return { kind: "outside-root", paths: [written] };
    return { ...readText(real), paths: real === written ? [written] : [written, real] };
  };
}
