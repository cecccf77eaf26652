import type { SourceLine } from "../source-lines.js";

/**
 * Returns the index just past the block owned by the line at `headerIndex`:
 * the following lines that are blank or indented at least two spaces deeper
 * than the header, stopping at `end`.
 */
export function blockEnd(lines: readonly SourceLine[], headerIndex: number, end: number): number {
  const header = lines[headerIndex];
  if (header === undefined) return end;
  const minimumIndent = header.indent + 2;
  let index = headerIndex + 1;
  while (index < end) {
    const line = lines[index];
    if (line === undefined || (!line.blank && line.indent < minimumIndent)) break;
    index += 1;
  }
  return index;
}
