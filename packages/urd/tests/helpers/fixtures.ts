import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type CompilationResult, compile, type Diagnostic, type Span } from "../../src/index.js";

/** The folder holding the test worlds. */
export const fixturesDirectory = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

/** Reads a fixture by its path inside the fixtures folder. */
export function readFixture(path: string): string {
  return readFileSync(join(fixturesDirectory, path), "utf8");
}

/** Compiles a fixture, serving its imports from the same folder. */
export function compileFixture(path: string): CompilationResult {
  const directory = dirname(join(fixturesDirectory, path));
  return compile(readFixture(path), {
    fileName: path,
    readFile: (relative) => {
      try {
        return readFileSync(join(directory, relative), "utf8");
      } catch {
        return undefined;
      }
    },
  });
}

/** Compiles inline source as `test.urd.md` (section ids start with `test/`). */
export function compileText(source: string): CompilationResult {
  return compile(source, { fileName: "test.urd.md" });
}

/** Builds source text from lines (joined with `\n`, trailing newline). */
export function lines(...text: string[]): string {
  return `${text.join("\n")}\n`;
}

/** The physical lines of a source, as docs/urd.md §2.2 defines them (BOM removed, `\r` stripped). */
export function physicalLines(source: string): string[] {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  return text.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** `(L, spaces + 1, L, bytes(line) + 1)` computed straight from the text. */
export function contentSpanOf(file: string, source: string, lineNumber: number): Span {
  const line = physicalLines(source)[lineNumber - 1] ?? "";
  const spaces = line.length - line.replace(/^ +/, "").length;
  return {
    file,
    start_line: lineNumber,
    start_col: spaces + 1,
    end_line: lineNumber,
    end_col: Buffer.byteLength(line, "utf8") + 1,
  };
}

/** `(L, 1, L, bytes(line) + 1)` computed straight from the text. */
export function lineSpanOf(file: string, source: string, lineNumber: number): Span {
  return { ...contentSpanOf(file, source, lineNumber), start_col: 1 };
}

/** The short `[code, severity, line]` form of diagnostics, in order. */
export function brief(diagnostics: readonly Diagnostic[]): [string, string, number][] {
  return diagnostics.map((d) => [d.code, d.severity, d.span.start_line]);
}
