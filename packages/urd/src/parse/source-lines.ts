import { Buffer } from "node:buffer";
import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";

/** One physical line of a source file, with the views the parser needs. */
export interface SourceLine {
  /** 1-based line number. */
  readonly number: number;
  /** The line as written, without its trailing `\r`. */
  readonly raw: string;
  /** The parser's view: tabs in the indentation as two spaces, other tabs as one space. */
  readonly text: string;
  /** Leading spaces of `text`. */
  readonly indent: number;
  /** Indentation level: `indent` ÷ 2, rounded down. */
  readonly level: number;
  /** `text` after its leading spaces (trailing whitespace kept). */
  readonly rest: string;
  /** Whether the line is empty or whitespace only. */
  readonly blank: boolean;
  /** UTF-8 byte length of `raw`. */
  readonly bytes: number;
  /** Leading space characters of `raw` (a tab stops the count). */
  readonly leadingSpaces: number;
}

const nonWhitespace = /\S/;

/**
 * Whether text is empty or whitespace only. A printable ASCII first character settles it without
 * the regular expression, which most lines would otherwise pay for while the compiler is cold.
 */
function isBlank(rest: string): boolean {
  const first = rest.charCodeAt(0);
  if (first > 0x20 && first < 0x7f) return false;
  return !nonWhitespace.test(rest);
}

function countLeadingSpaces(text: string): number {
  let count = 0;
  while (text.charCodeAt(count) === 0x20) count += 1;
  return count;
}

function normaliseTabs(raw: string): string {
  let indentEnd = 0;
  while (raw[indentEnd] === " " || raw[indentEnd] === "\t") indentEnd += 1;
  const indentation = raw.slice(0, indentEnd).replaceAll("\t", "  ");
  return indentation + raw.slice(indentEnd).replaceAll("\t", " ");
}

function byteColumn(raw: string, index: number): number {
  return Buffer.byteLength(raw.slice(0, index), "utf8") + 1;
}

function reportTabs(file: string, line: SourceLine, diagnostics: DiagnosticList): void {
  let index = line.raw.indexOf("\t");
  while (index >= 0) {
    const column = byteColumn(line.raw, index);
    diagnostics.error(
      "URD102",
      `Tab character found at line ${line.number}, column ${column}. Use exactly two spaces per indent level.`,
      {
        file,
        start_line: line.number,
        start_col: column,
        end_line: line.number,
        end_col: column + 1,
      },
    );
    index = line.raw.indexOf("\t", index + 1);
  }
}

/**
 * What holds for a whole file, asked once rather than of each line (per-line questions are a
 * measurable part of a cold compile of a large file).
 */
interface FileTraits {
  /** Every character is ASCII, so that a line's UTF-8 length is its length. */
  readonly ascii: boolean;
  /** Some line has a tab. */
  readonly tabs: boolean;
  /** Some line has a carriage return. */
  readonly returns: boolean;
}

function makeLine(number: number, raw: string, traits: FileTraits): SourceLine {
  const tabbed = traits.tabs && raw.includes("\t");
  const text = tabbed ? normaliseTabs(raw) : raw;
  const indent = countLeadingSpaces(text);
  const rest = text.slice(indent);
  return {
    number,
    raw,
    text,
    indent,
    level: Math.floor(indent / 2),
    rest,
    blank: isBlank(rest),
    bytes: traits.ascii ? raw.length : Buffer.byteLength(raw, "utf8"),
    leadingSpaces: tabbed ? countLeadingSpaces(raw) : indent,
  };
}

/**
 * Splits source text into lines (on `\n`, one trailing `\r` removed per line)
 * and reports URD102 for every tab on a line that is not whitespace only.
 * A leading byte-order mark must already have been removed.
 */
export function readSourceLines(
  file: string,
  source: string,
  diagnostics: DiagnosticList,
): SourceLine[] {
  const pieces = source.split("\n");
  const traits: FileTraits = {
    // A UTF-8 length equal to the UTF-16 length means every character is ASCII.
    ascii: Buffer.byteLength(source, "utf8") === source.length,
    tabs: source.includes("\t"),
    returns: source.includes("\r"),
  };
  const lines: SourceLine[] = new Array(pieces.length);
  for (let index = 0; index < pieces.length; index += 1) {
    let raw = pieces[index] ?? "";
    if (traits.returns && raw.endsWith("\r")) raw = raw.slice(0, -1);
    const line = makeLine(index + 1, raw, traits);
    if (traits.tabs && !line.blank && raw.includes("\t")) reportTabs(file, line, diagnostics);
    lines[index] = line;
  }
  return lines;
}
