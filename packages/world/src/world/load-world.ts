import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { compile, createDiskImportReader } from "@tabletop-mcp/urd";
import type { SourceLines } from "../queries/exit-conditions.js";
import type { CompiledWorld } from "./compiled-world.js";
import { WorldError } from "./world-error.js";

/** One compiled snapshot of a world and the text it came from. */
export interface LoadedWorld {
  readonly compiled: CompiledWorld;
  /** The entry file's text, served as `world://source`. */
  readonly source: string;
  /**
   * Absolute paths of the entry file and of every import the compiler asked for, plus the real
   * file behind an import that is a symlink (both can change the world).
   */
  readonly files: readonly string[];
  /** The lines of every file compiled, by the base name spans carry: exit guards are read here. */
  readonly lines: SourceLines;
  /**
   * A digest of every file's name and text: equal for snapshots compiled from the same files,
   * so page cursors stay valid across restarts and die with an edit (docs/world.md §5.3).
   */
  readonly version: string;
}

/** Reads an imported file by its path relative to the entry file's directory. */
export type ImportReader = (relativePath: string) => string | undefined;

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or directory",
  ENOTDIR: "a parent of the path is not a directory",
  EISDIR: "it is a directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
};

/** A short reason for a failed read, without the path Node repeats in its messages. */
function describeReadFailure(error: unknown): string {
  const code = errorCode(error);
  if (code !== undefined && REASONS[code] !== undefined) return REASONS[code];
  return error instanceof Error ? error.message : String(error);
}

/**
 * Splits a file into lines as the compiler does (docs/urd.md, source text): BOM dropped, one
 * `\r` per line.
 */
function splitLines(text: string): string[] {
  const withoutBom = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return withoutBom.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** Collects the text of each file the compiler reads, for {@link LoadedWorld.lines}. */
class FileTexts {
  private readonly texts = new Map<string, string>();

  /** Records a file by path; the first file of a base name wins, as spans cannot tell them apart. */
  add(path: string, text: string | undefined): string | undefined {
    const name = basename(path);
    if (text !== undefined && !this.texts.has(name)) this.texts.set(name, text);
    return text;
  }

  /** The lines of every file, split on first use: only conditional reachability reads them. */
  lines(): () => SourceLines {
    let lines: SourceLines | undefined;
    return () => {
      lines ??= new Map([...this.texts].map(([name, text]) => [name, splitLines(text)]));
      return lines;
    };
  }

  /** A digest of the files' names and texts, made on first use: only paging asks for it. */
  version(): () => string {
    let version: string | undefined;
    return () => {
      if (version === undefined) {
        const hash = createHash("sha256");
        for (const [name, text] of this.texts) {
          hash.update(name).update("\u0000").update(text).update("\u0000");
        }
        version = hash.digest("hex");
      }
      return version;
    };
  }
}

function snapshot(
  compiled: CompiledWorld,
  source: string,
  files: string[],
  texts: FileTexts,
): LoadedWorld {
  const lines = texts.lines();
  const version = texts.version();
  return {
    compiled,
    source,
    files,
    get lines() {
      return lines();
    },
    get version() {
      return version();
    },
  };
}

/**
 * Compiles a world given as text. `fileName` names the entry file (its base name appears in
 * diagnostics and its stem in section ids); `readFile` supplies imports.
 *
 * @param fileName - the entry file's name or path
 * @param source - the entry file's text
 * @param readFile - imported files by relative path; every import is missing without it
 * @returns the compiled snapshot (its `files` is empty: nothing was read from disk)
 */
export function compileWorldText(
  fileName: string,
  source: string,
  readFile?: ImportReader,
): LoadedWorld {
  const texts = new FileTexts();
  texts.add(fileName, source);
  const compiled = compile(
    source,
    readFile
      ? { fileName, readFile: (relativePath) => texts.add(relativePath, readFile(relativePath)) }
      : { fileName },
  );
  return snapshot(compiled, source, [], texts);
}

/**
 * Reads a world file and the files it imports from disk and compiles them. Compilation
 * problems are diagnostics; only an unreadable entry file is refused.
 *
 * @param path - the entry file, absolute or relative to the working directory
 * @returns the compiled snapshot with the files that were read, for watching
 * @throws WorldError `WORLD_FILE_UNREADABLE` when the entry file cannot be read
 */
export function loadWorldFile(path: string): LoadedWorld {
  let source: string;
  try {
    source = readFileSync(path, "utf8");
  } catch (error) {
    throw new WorldError(
      "WORLD_FILE_UNREADABLE",
      `cannot read world file '${path}': ${describeReadFailure(error)}`,
      { cause: error },
    );
  }
  const entry = resolve(path);
  const imports: string[] = [];
  const texts = new FileTexts();
  texts.add(entry, source);
  // The compiler's own disk reader keeps imports inside the world's folder, symlinks included.
  const readFromDisk = createDiskImportReader(path);
  const readImport = (relativePath: string) => {
    const read = readFromDisk(relativePath);
    imports.push(...read.paths);
    if (read.kind === "ok") texts.add(relativePath, read.source);
    return read;
  };
  const compiled = compile(source, { fileName: path, readImport });
  return snapshot(compiled, source, [entry, ...new Set(imports)], texts);
}
