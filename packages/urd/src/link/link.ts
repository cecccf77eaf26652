import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { LoadedWorld } from "../imports/load-files.js";
import type { ExitNode } from "../parse/ast.js";
import { ContentCollector } from "./collect-content.js";
import { collectFrontmatter } from "./collect-frontmatter.js";
import { Lookup } from "./lookup.js";
import { createResolutions, type Resolutions } from "./resolutions.js";
import { ContentResolver } from "./resolve-content.js";
import { resolveEntityTypes, resolveWorldSettings } from "./resolve-declarations.js";
import type { ExitSymbol, LinkedFile, SymbolTable, WorldSettings } from "./symbols.js";

/** Everything LINK produced. */
export interface LinkedWorld {
  /** Files in processing order (dependencies first, entry last). */
  readonly files: readonly LinkedFile[];
  readonly symbols: SymbolTable;
  readonly resolutions: Resolutions;
  readonly world: WorldSettings;
}

function createSymbolTable(): SymbolTable {
  return {
    types: new Map(),
    entities: new Map(),
    locations: new Map(),
    sections: new Map(),
    choices: [],
    rules: new Map(),
    sequences: new Map(),
  };
}

/**
 * LINK: pass 1 collects every declaration (files in order, frontmatter then
 * content); pass 2 resolves every reference. Always completes, whatever it
 * reports.
 */
export function link(loaded: LoadedWorld, diagnostics: DiagnosticList): LinkedWorld {
  const symbols = createSymbolTable();
  const resolutions = createResolutions();
  const exitsByNode = new Map<ExitNode, ExitSymbol>();
  const files: LinkedFile[] = loaded.files.map((parsed) => {
    collectFrontmatter(parsed, symbols, diagnostics);
    const collector = new ContentCollector(parsed, symbols, resolutions, exitsByNode, diagnostics);
    collector.collect();
    const visibleFiles = new Set([parsed.name, ...(loaded.importsOf.get(parsed.name) ?? [])]);
    return { parsed, scopes: collector.scopes, sections: collector.sections, visibleFiles };
  });
  for (const file of files) resolveEntityTypes(file, symbols, diagnostics);
  for (const file of files) {
    const lookup = new Lookup(symbols, file, diagnostics);
    new ContentResolver(file, lookup, resolutions, exitsByNode, diagnostics).resolve();
  }
  const entry = files[files.length - 1];
  const world = resolveWorldSettings(entry?.parsed.frontmatter.world ?? null, symbols);
  return { files, symbols, resolutions, world };
}
