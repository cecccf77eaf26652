import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { WorldBlock } from "../parse/ast.js";
import { slugify } from "../text/slugify.js";
import type { LinkedFile, SymbolTable, WorldSettings } from "./symbols.js";

/**
 * Resolves the types of the entities a file declares: an unknown type gives
 * URD307, a type declared only in a file this one cannot see URD301, and an
 * override of a property the type lacks (other than `container`) URD308.
 */
export function resolveEntityTypes(
  file: LinkedFile,
  symbols: SymbolTable,
  diagnostics: DiagnosticList,
): void {
  for (const entity of symbols.entities.values()) {
    if (entity.file !== file.parsed.name) continue;
    const { typeName } = entity.declaration;
    const type = symbols.types.get(typeName);
    if (type === undefined) {
      diagnostics.error(
        "URD307",
        `Unknown type '${typeName}' for entity '@${entity.id}'.`,
        entity.declaration.span,
      );
      continue;
    }
    if (!file.visibleFiles.has(type.file)) {
      diagnostics.error(
        "URD301",
        `Unresolved type reference '${typeName}'.`,
        entity.declaration.span,
      );
      continue;
    }
    entity.type = type;
    for (const override of entity.declaration.overrides) {
      if (override.key === "container" || type.properties.has(override.key)) continue;
      diagnostics.error(
        "URD308",
        `Property '${override.key}' does not exist on type '${type.name}'.`,
        entity.declaration.span,
      );
    }
  }
}

function stringField(block: WorldBlock | null, key: string): string | null {
  const field = block?.fields.get(key);
  return field?.value.kind === "string" ? field.value.value : null;
}

/**
 * Resolves the entry file's `world.start` (by slug, against locations) and
 * `world.entry` (against sequence ids). Only string values count.
 */
export function resolveWorldSettings(
  block: WorldBlock | null,
  symbols: SymbolTable,
): WorldSettings {
  const start = stringField(block, "start");
  const entry = stringField(block, "entry");
  return {
    block,
    start: start === null ? null : (symbols.locations.get(slugify(start)) ?? null),
    entry: entry === null ? null : (symbols.sequences.get(entry) ?? null),
  };
}
