import { DiagnosticList } from "../../src/diagnostics/diagnostic-list.js";
import type { ContentNode, ParsedFile } from "../../src/parse/ast.js";
import { parseFile } from "../../src/parse/parse-file.js";

/** Parses text as `t.urd.md`, returning the file (which must exist) and the diagnostics. */
export function parseText(source: string): { file: ParsedFile; diagnostics: DiagnosticList } {
  const diagnostics = new DiagnosticList();
  const file = parseFile("t.urd.md", source, diagnostics);
  if (file === null) throw new Error("the file did not parse");
  return { file, diagnostics };
}

/** Parses content lines (no frontmatter) and returns the top-level nodes. */
export function parseContentLines(...text: string[]): readonly ContentNode[] {
  return parseText(`${text.join("\n")}\n`).file.content;
}
