import type { DiagnosticList } from "../../diagnostics/diagnostic-list.js";
import { display } from "../../text/display.js";
import { splitTopLevel } from "../../text/split-top-level.js";
import type { EntityDeclaration, EntityOverride } from "../ast.js";
import { stripFrontmatterComment } from "../inline-comment.js";
import { parseScalar } from "../scalar.js";
import type { SourceLine } from "../source-lines.js";
import { lineSpan } from "../span.js";

function parseOverrides(text: string): EntityOverride[] {
  const overrides: EntityOverride[] = [];
  for (const piece of splitTopLevel(text, ",")) {
    const colon = piece.indexOf(":");
    if (colon < 0) continue;
    const key = piece.slice(0, colon).trim();
    if (key === "") continue;
    overrides.push({ key, value: parseScalar(piece.slice(colon + 1)) });
  }
  return overrides;
}

function parseEntityLine(file: string, line: SourceLine, text: string): EntityDeclaration | null {
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const id = text.slice(1, colon).trim();
  if (id === "") return null;
  const after = text.slice(colon + 1);
  const open = after.indexOf("{");
  const typeName = (open >= 0 ? after.slice(0, open) : after).trim();
  if (typeName === "") return null;
  let overrides: EntityOverride[] = [];
  if (open >= 0) {
    const close = after.lastIndexOf("}");
    if (close < open) return null;
    overrides = parseOverrides(after.slice(open + 1, close));
  }
  return { id, typeName, overrides, line: line.number, span: lineSpan(file, line) };
}

/**
 * Reads the `entities:` block in `(headerIndex, end)`: lines
 * `@id: Type` or `@id: Type { key: value, … }`. A line starting with `@` that
 * does not parse gives URD432; other lines are skipped.
 */
export function parseEntitiesBlock(
  file: string,
  lines: readonly SourceLine[],
  headerIndex: number,
  end: number,
  diagnostics: DiagnosticList,
): EntityDeclaration[] {
  const entities: EntityDeclaration[] = [];
  for (let index = headerIndex + 1; index < end; index += 1) {
    const line = lines[index];
    if (line === undefined || line.blank) continue;
    const text = stripFrontmatterComment(line.text).trim();
    if (text === "" || text.startsWith("#") || !text.startsWith("@")) continue;
    const entity = parseEntityLine(file, line, text);
    if (entity !== null) {
      entities.push(entity);
      continue;
    }
    diagnostics.warning(
      "URD432",
      `Line looks like an entity declaration but could not be parsed: '${display(line.text)}'.`,
      lineSpan(file, line),
    );
  }
  return entities;
}
