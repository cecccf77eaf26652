import type { Span } from "../diagnostics/diagnostic.js";
import type { DiagnosticList } from "../diagnostics/diagnostic-list.js";
import type { SymbolTable } from "../link/symbols.js";
import type { PropertyDeclaration, PropertyType, Scalar } from "../parse/ast.js";
import { formatScalar } from "../parse/scalar.js";

/** Where a value being checked comes from; it decides the codes and wording. */
export type ValueContext =
  | { readonly kind: "default"; readonly typeName: string }
  | { readonly kind: "override"; readonly entityId: string }
  | { readonly kind: "effect"; readonly entityId: string; readonly raw: string };

function matchesType(value: Scalar, type: PropertyType): boolean {
  switch (type.name) {
    case "boolean":
      return value.kind === "boolean";
    case "integer":
      return value.kind === "integer";
    case "number":
      return value.kind === "integer" || value.kind === "number";
    case "string":
    case "enum":
      return value.kind === "string";
    case "ref":
      return value.kind === "entity-ref" || value.kind === "string";
    case "list":
      return value.kind === "list";
  }
}

/** Checks one value against a property's type, enum values, range and reference type. */
export class ValueChecker {
  constructor(
    private readonly symbols: SymbolTable,
    private readonly diagnostics: DiagnosticList,
  ) {}

  check(
    value: Scalar,
    property: PropertyDeclaration,
    type: PropertyType,
    context: ValueContext,
    span: Span,
  ): void {
    if (!matchesType(value, type)) {
      this.mismatch(value, property, type, context, span);
      return;
    }
    if (value.kind === "list") {
      if (type.element === null) return;
      for (const item of value.items) this.check(item, property, type.element, context, span);
      return;
    }
    if (type.name === "enum" && value.kind === "string") {
      if (!(type.values ?? []).includes(value.value))
        this.badEnum(value, property, type, context, span);
      return;
    }
    if (
      (value.kind === "integer" || value.kind === "number") &&
      type.min !== null &&
      type.max !== null
    ) {
      if (value.value < type.min || value.value > type.max) {
        this.diagnostics.error(
          "URD418",
          `Value ${value.value} for property '${property.name}' on entity '@${this.subject(context)}' is outside the declared range [${type.min}, ${type.max}].`,
          span,
        );
      }
      return;
    }
    if (type.name === "ref" && type.refType !== null)
      this.checkReference(value, property, type.refType, context, span);
  }

  private subject(context: ValueContext): string {
    return context.kind === "default" ? context.typeName : context.entityId;
  }

  private shown(value: Scalar, context: ValueContext): string {
    return context.kind === "effect" ? context.raw : formatScalar(value);
  }

  private mismatch(
    value: Scalar,
    property: PropertyDeclaration,
    type: PropertyType,
    context: ValueContext,
    span: Span,
  ): void {
    if (context.kind === "default") {
      this.diagnostics.error(
        "URD413",
        `Default value '${formatScalar(value)}' for property '${property.name}' on type '${context.typeName}' does not match the declared type '${type.name}'.`,
        span,
      );
      return;
    }
    this.diagnostics.error(
      "URD401",
      `Type mismatch: property '${property.name}' on entity '@${context.entityId}' expects ${type.name} but got '${this.shown(value, context)}'.`,
      span,
    );
  }

  private badEnum(
    value: Scalar,
    property: PropertyDeclaration,
    type: PropertyType,
    context: ValueContext,
    span: Span,
  ): void {
    if (context.kind === "override") {
      this.diagnostics.error(
        "URD402",
        `Enum value '${formatScalar(value)}' is not valid for property '${property.name}' on entity '@${context.entityId}'. Valid values: ${(type.values ?? []).join(", ")}.`,
        span,
      );
      return;
    }
    this.mismatch(value, property, type, context, span);
  }

  private checkReference(
    value: Scalar,
    property: PropertyDeclaration,
    refType: string,
    context: ValueContext,
    span: Span,
  ): void {
    let id: string | null = null;
    if (value.kind === "entity-ref") id = value.id;
    else if (value.kind === "string")
      id = value.value.startsWith("@") ? value.value.slice(1) : value.value;
    const target = id === null ? undefined : this.symbols.entities.get(id);
    if (target?.type == null || target.type.name === refType) return;
    this.diagnostics.error(
      "URD419",
      `Property '${property.name}' on entity '@${this.subject(context)}' requires a reference to type '${refType}' but '@${target.id}' has type '${target.type.name}'.`,
      span,
    );
  }
}
