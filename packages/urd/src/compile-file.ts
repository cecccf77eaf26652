import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type CompilationResult, compileWithReader } from "./compile.js";
import { UrdError } from "./errors.js";
import type { ReadOutcome } from "./imports/read-outcome.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function readImport(path: string): ReadOutcome {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    if (code === "EACCES" || code === "EPERM") return { kind: "permission-denied" };
    return { kind: "io-error", detail: error instanceof Error ? error.message : String(error) };
  }
  try {
    return { kind: "ok", source: utf8.decode(bytes) };
  } catch {
    return { kind: "invalid-utf8" };
  }
}

/**
 * Reads a world file and the files it imports from disk and compiles them.
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
  const directory = dirname(resolve(path));
  return compileWithReader(path, source, (relativePath) =>
    readImport(resolve(directory, relativePath)),
  );
}
