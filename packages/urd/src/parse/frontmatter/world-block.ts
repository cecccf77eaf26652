import type { WorldBlock, WorldField } from "../ast.js";
import { stripFrontmatterComment } from "../inline-comment.js";
import { parseScalar } from "../scalar.js";
import type { SourceLine } from "../source-lines.js";
import { rangeSpan } from "../span.js";

/**
 * Reads the `world:` block: the lines in `(headerIndex, end)`, each
 * `key: value` with an inline comment stripped. The span runs from the
 * `world:` line to the end of the block's last line.
 */
export function parseWorldBlock(
  file: string,
  lines: readonly SourceLine[],
  headerIndex: number,
  end: number,
): WorldBlock | null {
  const header = lines[headerIndex];
  const last = lines[end - 1];
  if (header === undefined || last === undefined) return null;
  const fields = new Map<string, WorldField>();
  for (let index = headerIndex + 1; index < end; index += 1) {
    const line = lines[index];
    if (line === undefined || line.blank) continue;
    const text = stripFrontmatterComment(line.text);
    const colon = text.indexOf(":");
    if (colon < 0) continue;
    const key = text.slice(0, colon).trim();
    if (key === "") continue;
    fields.set(key, { value: parseScalar(text.slice(colon + 1)), line: line.number });
  }
  return { fields, span: rangeSpan(file, header, 1, last) };
}
