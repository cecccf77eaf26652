import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { ParsedFile } from "../parse/ast.js";
import type { SymbolTable } from "./symbols.js";

/**
 * Registers a file's types and entities. A second type or entity with a name
 * already taken gives URD303 / URD302; the first declaration wins.
 */
export function collectFrontmatter(
  file: ParsedFile,
  symbols: SymbolTable,
  diagnostics: DiagnosticList,
): void {
  for (const declaration of file.frontmatter.types) {
    const first = symbols.types.get(declaration.name);
    if (first !== undefined) {
      diagnostics.error(
        "URD303",
        `Duplicate type name '${declaration.name}' declared in ${first.file}:${first.declaration.line} and ${file.name}:${declaration.line}.`,
        declaration.span,
      );
      continue;
    }
    symbols.types.set(declaration.name, {
      name: declaration.name,
      declaration,
      file: file.name,
      properties: new Map(declaration.properties.map((property) => [property.name, property])),
      traits: new Set(declaration.traits),
    });
  }
  for (const declaration of file.frontmatter.entities) {
    const first = symbols.entities.get(declaration.id);
    if (first !== undefined) {
      diagnostics.error(
        "URD302",
        `Duplicate entity ID '@${declaration.id}' declared in ${first.file}:${first.declaration.line} and ${file.name}:${declaration.line}.`,
        declaration.span,
      );
      continue;
    }
    symbols.entities.set(declaration.id, {
      id: declaration.id,
      declaration,
      file: file.name,
      type: null,
    });
  }
}
