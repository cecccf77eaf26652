import { Buffer } from "node:buffer";
import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { Frontmatter, ParsedFile } from "./ast.js";
import { parseContentRange } from "./content/parse-content.js";
import { fileStem } from "./file-stem.js";
import { parseFrontmatter } from "./frontmatter/parse-frontmatter.js";
import { readSourceLines, type SourceLine } from "./source-lines.js";
import { lineSpan } from "./span.js";

/** The size limit for one source file, in bytes (1 MiB). */
const defaultMaxSourceBytes = 1_048_576;

const emptyFrontmatter: Frontmatter = { world: null, types: [], entities: [], imports: [] };

function isDelimiter(line: SourceLine | undefined): boolean {
  return line !== undefined && line.raw.trimEnd() === "---";
}

function findClosingDelimiter(lines: readonly SourceLine[]): number {
  for (let index = 1; index < lines.length; index += 1) {
    if (isDelimiter(lines[index])) return index;
  }
  return -1;
}

/** Options for {@link parseFile}. */
export interface ParseFileOptions {
  /** Files larger than this many bytes give URD103 (default 1 MiB). */
  readonly maxSourceBytes?: number;
}

/**
 * Parses one source file: removes a leading BOM, splits lines, reads the
 * frontmatter and the content. Returns null, with URD103 or URD101 reported,
 * when the file is too large or its frontmatter is never closed.
 */
export function parseFile(
  name: string,
  source: string,
  diagnostics: DiagnosticList,
  options: ParseFileOptions = {},
): ParsedFile | null {
  const size = Buffer.byteLength(source, "utf8");
  if (size > (options.maxSourceBytes ?? defaultMaxSourceBytes)) {
    diagnostics.error("URD103", `File exceeds 1 MB size limit: ${name} is ${size} bytes.`, {
      file: name,
      start_line: 1,
      start_col: 1,
      end_line: 1,
      end_col: 1,
    });
    return null;
  }
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  const lines = readSourceLines(name, text, diagnostics);
  let frontmatter = emptyFrontmatter;
  let contentStart = 0;
  const first = lines[0];
  if (first !== undefined && isDelimiter(first)) {
    const closing = findClosingDelimiter(lines);
    if (closing < 0) {
      diagnostics.error(
        "URD101",
        "Unclosed frontmatter block. Expected closing '---'.",
        lineSpan(name, first),
      );
      return null;
    }
    frontmatter = parseFrontmatter(name, lines, 1, closing, diagnostics);
    contentStart = closing + 1;
  }
  const context = { file: name, lines, diagnostics };
  const content = parseContentRange(context, contentStart, lines.length);
  return { name, stem: fileStem(name), frontmatter, content };
}
