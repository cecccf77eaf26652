import type { DiagnosticList } from "../../diagnostics/diagnostic-list.js";
import { display } from "../../text/display.js";
import type {
  EntityDeclaration,
  Frontmatter,
  ImportDeclaration,
  TypeDeclaration,
  WorldBlock,
} from "../ast.js";
import type { SourceLine } from "../source-lines.js";
import { lineSpan } from "../span.js";
import { blockEnd } from "./block-extent.js";
import { parseEntitiesBlock } from "./entities-block.js";
import { findRejection } from "./rejections.js";
import { parseTypesBlock } from "./types-block.js";
import { parseWorldBlock } from "./world-block.js";

function unquote(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2) {
    const first = trimmed[0];
    if ((first === '"' || first === "'") && trimmed.endsWith(first)) return trimmed.slice(1, -1);
  }
  return trimmed;
}

/**
 * Reads the frontmatter lines in `[start, end)` (between the `---`
 * delimiters): the world, types and entities blocks and the imports. Other
 * keys are accepted and ignored, with the lines nested under them.
 */
export function parseFrontmatter(
  file: string,
  lines: readonly SourceLine[],
  start: number,
  end: number,
  diagnostics: DiagnosticList,
): Frontmatter {
  let world: WorldBlock | null = null;
  const types: TypeDeclaration[] = [];
  const entities: EntityDeclaration[] = [];
  const imports: ImportDeclaration[] = [];
  let index = start;
  while (index < end) {
    const line = lines[index];
    if (line === undefined) break;
    const trimmed = line.text.trim();
    if (line.blank || trimmed.startsWith("#")) {
      index += 1;
      continue;
    }
    if (line.level > 8) {
      diagnostics.error(
        "URD104",
        `Frontmatter nesting exceeds 8 levels at line ${line.number}.`,
        lineSpan(file, line),
      );
      index += 1;
      continue;
    }
    const rejection = findRejection(trimmed);
    if (rejection !== null) {
      diagnostics.error(rejection.code, rejection.message, lineSpan(file, line));
      index += 1;
      continue;
    }
    const colon = trimmed.indexOf(":");
    const key = colon < 0 ? "" : trimmed.slice(0, colon).trim();
    if (key === "") {
      diagnostics.error(
        "URD111",
        `Unrecognised frontmatter syntax at line ${line.number}: '${display(line.text)}'.`,
        lineSpan(file, line),
      );
      index += 1;
      continue;
    }
    const next = blockEnd(lines, index, end);
    if (key === "world") world = parseWorldBlock(file, lines, index, next);
    else if (key === "types") types.push(...parseTypesBlock(file, lines, index, next, diagnostics));
    else if (key === "entities") {
      entities.push(...parseEntitiesBlock(file, lines, index, next, diagnostics));
    } else if (key === "import") {
      imports.push({
        path: unquote(trimmed.slice(colon + 1)),
        line: line.number,
        span: lineSpan(file, line),
      });
    }
    index = next;
  }
  return { world, types, entities, imports };
}
