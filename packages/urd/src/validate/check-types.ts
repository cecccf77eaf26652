import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { SymbolTable } from "../link/symbols.js";
import type { ValueChecker } from "./value-check.js";

/**
 * Type checks, per type then property (span = the type): the default value
 * (URD413/URD418/URD419), an unknown referenced type (URD415), min above max
 * (URD416) and an unrecognised type signature (URD429, warning).
 */
export function checkTypes(
  symbols: SymbolTable,
  values: ValueChecker,
  diagnostics: DiagnosticList,
): void {
  for (const type of symbols.types.values()) {
    const span = type.declaration.span;
    for (const property of type.declaration.properties) {
      const context = { kind: "default", typeName: type.name } as const;
      if (property.defaultValue !== null) {
        values.check(property.defaultValue, property, property.type, context, span);
      }
      const refType = property.type.refType;
      if (refType !== null && !symbols.types.has(refType)) {
        diagnostics.error(
          "URD415",
          `Property '${property.name}' on type '${type.name}' references unknown type '${refType}'.`,
          span,
        );
      }
      const { min, max } = property.type;
      if (min !== null && max !== null && min > max) {
        diagnostics.error(
          "URD416",
          `Property '${property.name}' on type '${type.name}' has min (${min}) greater than max (${max}).`,
          span,
        );
      }
      if (property.type.unrecognised !== null) {
        diagnostics.warning(
          "URD429",
          `Unrecognised property type '${property.type.unrecognised}' on property '${property.name}' of type '${type.name}'. Valid types: bool, int, num, str, enum, ref, list (and their long forms). Treating as 'string'.`,
          span,
        );
      }
    }
  }
}

/** Entity override checks (span = the entity line): each override of a declared property. */
export function checkOverrides(symbols: SymbolTable, values: ValueChecker): void {
  for (const entity of symbols.entities.values()) {
    const type = entity.type;
    if (type === null) continue;
    for (const override of entity.declaration.overrides) {
      const property = type.properties.get(override.key);
      if (property === undefined) continue;
      values.check(
        override.value,
        property,
        property.type,
        { kind: "override", entityId: entity.id },
        entity.declaration.span,
      );
    }
  }
}
