import type { PropertyRead, PropertyWrite } from "@tabletop-mcp/urd";

const WRITE_OPERATORS: Readonly<Record<PropertyWrite["operator"], string>> = {
  "=": "=",
  "+": "+=",
  "-": "-=",
};

/** A read's test as a model reads it: `>= 3`. */
export function comparisonText(read: PropertyRead): string {
  return `${read.operator} ${read.value_literal}`;
}

/** A write's change as a model reads it: `+= 1`, `= false`. */
export function operationText(write: PropertyWrite): string {
  return `${WRITE_OPERATORS[write.operator]} ${write.value_expr}`;
}

/** The `Type.property` key a read or write touches. */
export function propertyKeyText(fact: PropertyRead | PropertyWrite): string {
  return `${fact.entity_type}.${fact.property}`;
}

/** Where a read or write happens: `choice:<id>`, `exit:<id>` or `rule:<id>`. */
export function siteText(fact: PropertyRead | PropertyWrite): string {
  return `${fact.site.kind}:${fact.site.id}`;
}
