import type { DiagnosticList } from "../../diagnostics/diagnostic-list.js";
import { display } from "../../text/display.js";
import type { PropertyDeclaration, TypeDeclaration } from "../ast.js";
import { stripFrontmatterComment } from "../inline-comment.js";
import { parseScalar } from "../scalar.js";
import type { SourceLine } from "../source-lines.js";
import { lineSpan, rangeSpan } from "../span.js";
import { parsePropertyType } from "./property-type.js";

interface TypeHeader {
  readonly name: string;
  readonly traits: string[];
}

const startsUppercase = /^\p{Uppercase}/u;

function parseTypeHeader(text: string): TypeHeader | null {
  if (!text.endsWith(":")) return null;
  const head = text.slice(0, -1);
  const open = head.indexOf("[");
  let name = head.trim();
  let traits: string[] = [];
  if (open >= 0) {
    const close = head.indexOf("]", open);
    if (close < 0) return null;
    name = head.slice(0, open).trim();
    traits = head
      .slice(open + 1, close)
      .split(",")
      .map((trait) => trait.trim())
      .filter((trait) => trait !== "");
  }
  if (name === "" || !startsUppercase.test(name)) return null;
  return { name, traits };
}

function parsePropertyLine(line: SourceLine): PropertyDeclaration | null {
  let text = stripFrontmatterComment(line.text).trim();
  if (text === "" || text.startsWith("#")) return null;
  const hidden = text.startsWith("~");
  if (hidden) text = text.slice(1);
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  const name = text.slice(0, colon).trim();
  const rest = text.slice(colon + 1);
  const equals = rest.indexOf(" = ");
  const signature = equals >= 0 ? rest.slice(0, equals) : rest;
  const defaultValue = equals >= 0 ? parseScalar(rest.slice(equals + 3)) : null;
  return { name, type: parsePropertyType(signature), hidden, defaultValue, line: line.number };
}

/**
 * Reads the `types:` block in `(headerIndex, end)`: type headers
 * (`Name [trait, …]:`) each followed by property lines indented two spaces
 * deeper. A line that looks like a header but does not parse gives URD430.
 */
export function parseTypesBlock(
  file: string,
  lines: readonly SourceLine[],
  headerIndex: number,
  end: number,
  diagnostics: DiagnosticList,
): TypeDeclaration[] {
  const types: TypeDeclaration[] = [];
  let index = headerIndex + 1;
  while (index < end) {
    const line = lines[index];
    if (line === undefined) break;
    const trimmed = line.text.trim();
    if (line.blank || trimmed.startsWith("#")) {
      index += 1;
      continue;
    }
    const header = parseTypeHeader(stripFrontmatterComment(line.text).trim());
    if (header === null) {
      if (startsUppercase.test(trimmed)) {
        diagnostics.warning(
          "URD430",
          `Line looks like a type definition but could not be parsed: '${display(line.text)}'.`,
          lineSpan(file, line),
        );
      }
      index += 1;
      continue;
    }
    const properties: PropertyDeclaration[] = [];
    let next = index + 1;
    while (next < end) {
      const propertyLine = lines[next];
      if (propertyLine === undefined) break;
      if (!propertyLine.blank) {
        if (propertyLine.indent < line.indent + 2) break;
        const property = parsePropertyLine(propertyLine);
        if (property !== null) properties.push(property);
      }
      next += 1;
    }
    const last = lines[next - 1] ?? line;
    types.push({
      name: header.name,
      traits: header.traits,
      properties,
      line: line.number,
      span: rangeSpan(file, line, 1, last),
    });
    index = next;
  }
  return types;
}
