import type { Span } from "../diagnostics/diagnostic.js";
import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { PropertyAccess } from "../parse/ast.js";
import { slugify } from "../text/slugify.js";
import type { ContainerReference, ResolvedAccess } from "./resolutions.js";
import type { EntitySymbol, LinkedFile, LocationSymbol, SymbolTable } from "./symbols.js";

/**
 * Name lookups as seen from one file: only declarations of the file itself
 * and of the files it imports directly are visible.
 */
export class Lookup {
  /** Location ids by the names written in exits and references: many exits name one location. */
  private readonly locationIds = new Map<string, string>();

  constructor(
    private readonly symbols: SymbolTable,
    private readonly file: LinkedFile,
    private readonly diagnostics: DiagnosticList,
  ) {}

  /** The visible entity with this id, or null. */
  findEntity(id: string): EntitySymbol | null {
    const entity = this.symbols.entities.get(id);
    return entity !== undefined && this.file.visibleFiles.has(entity.file) ? entity : null;
  }

  /** The visible location whose id is `slugify(name)`, or null. */
  findLocation(name: string): LocationSymbol | null {
    let id = this.locationIds.get(name);
    if (id === undefined) {
      id = slugify(name);
      this.locationIds.set(name, id);
    }
    const location = this.symbols.locations.get(id);
    return location !== undefined && this.file.visibleFiles.has(location.file) ? location : null;
  }

  /** Resolves an entity reference, reporting URD301 when it is unknown. */
  entity(id: string, span: Span): EntitySymbol | null {
    const entity = this.findEntity(id);
    if (entity === null) {
      this.diagnostics.error("URD301", `Unresolved entity reference '@${id}'.`, span);
    }
    return entity;
  }

  /**
   * Resolves a container or destination token: `player`, `here`, an entity
   * named exactly so, or a location by slug; otherwise URD301.
   */
  container(token: string, span: Span): ContainerReference | null {
    if (token === "player") return { kind: "player" };
    if (token === "here") return { kind: "here" };
    const entity = this.findEntity(token);
    if (entity !== null) return { kind: "entity", entity };
    const location = this.findLocation(token);
    if (location !== null) return { kind: "location", location };
    this.diagnostics.error("URD301", `Unresolved reference '${token}'.`, span);
    return null;
  }

  /**
   * Resolves `@entity.property`: the entity must exist (URD301) and, when its
   * type is known, have the property or be `container` (URD308). Reserved
   * and bound subjects are never resolved.
   */
  access(access: PropertyAccess, span: Span): ResolvedAccess | null {
    if (access.subject.kind !== "entity") return null;
    const entity = this.entity(access.subject.id, span);
    if (entity === null || entity.type === null) return null;
    const declaration = entity.type.properties.get(access.property) ?? null;
    if (declaration === null && access.property !== "container") {
      this.diagnostics.error(
        "URD308",
        `Property '${access.property}' does not exist on type '${entity.type.name}'.`,
        span,
      );
      return null;
    }
    return { entity, type: entity.type, property: access.property, declaration };
  }
}
