import * as z from "zod";

/** A JSON Schema node as zod emits it; only the keywords the kit reads are typed. */
export interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode | boolean;
  prefixItems?: JsonSchemaNode[];
  additionalProperties?: JsonSchemaNode | boolean;
  patternProperties?: Record<string, JsonSchemaNode>;
  propertyNames?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  [keyword: string]: unknown;
}

/**
 * Drops the bounds zod gives every integer (the safe-integer range) when they were not declared.
 * A client compiles each tool's output schema to check its results, and these two keywords on
 * every integer field more than double the time that takes (Ajv, the TypeScript SDK's
 * validator), on every connection; answers never hold integers outside that range.
 */
function withoutImplicitIntegerBounds(context: {
  jsonSchema: { type?: unknown; minimum?: number; maximum?: number };
}): void {
  const node = context.jsonSchema;
  if (node.type !== "integer") return;
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
}

/**
 * The JSON Schema advertised for a zod schema: draft 2020-12 without the `$schema` marker,
 * which MCP clients do not need on every tool. Output schemas leave out the integer bounds no
 * tool declared (see {@link withoutImplicitIntegerBounds}); input schemas keep them, as the
 * valid ranges of argument errors are read from there.
 */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchemaNode {
  const { $schema: _marker, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    ...(io === "output" ? { override: withoutImplicitIntegerBounds } : {}),
  }) as JsonSchemaNode;
  return rest;
}

/**
 * Follows a zod issue path (`["rolls", 2, "dice_sides"]`) into a JSON Schema: through object
 * properties, record values (`additionalProperties`, `patternProperties`), array items and
 * tuple positions (`prefixItems`).
 */
export function schemaAtPath(
  root: JsonSchemaNode,
  path: readonly PropertyKey[],
): JsonSchemaNode | undefined {
  let node: JsonSchemaNode | undefined = root;
  for (const key of path) {
    node = node && unwrapOptional(node);
    if (!node) return undefined;
    node = typeof key === "number" ? itemSchema(node, key) : propertySchema(node, String(key));
  }
  return node && unwrapOptional(node);
}

/** The schema of an array's item at `index`: its tuple position, else the common `items`. */
export function itemSchema(node: JsonSchemaNode, index: number): JsonSchemaNode | undefined {
  const positional = node.prefixItems?.[index];
  if (positional) return positional;
  return schemaObject(node.items);
}

function propertySchema(node: JsonSchemaNode, name: string): JsonSchemaNode | undefined {
  const declared = ownProperty(node.properties, name);
  if (declared) return declared;
  for (const [pattern, schema] of Object.entries(node.patternProperties ?? {})) {
    if (matches(pattern, name)) return schema;
  }
  return schemaObject(node.additionalProperties);
}

function schemaObject(value: JsonSchemaNode | boolean | undefined): JsonSchemaNode | undefined {
  return typeof value === "object" ? value : undefined;
}

function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}

/** `true` when the node accepts JSON `null` itself (a nullable parameter keeps its null). */
export function acceptsNull(node: JsonSchemaNode): boolean {
  if (node.type === "null") return true;
  if (Array.isArray(node.type) && node.type.includes("null")) return true;
  return (node.anyOf ?? node.oneOf ?? []).some(acceptsNull);
}

/** A declared property's schema; inherited names such as `constructor` are not properties. */
function ownProperty(
  properties: Record<string, JsonSchemaNode> | undefined,
  name: string,
): JsonSchemaNode | undefined {
  return properties && Object.hasOwn(properties, name) ? properties[name] : undefined;
}

function unwrapOptional(node: JsonSchemaNode): JsonSchemaNode {
  const alternatives = node.anyOf ?? node.oneOf;
  if (!alternatives) return node;
  const nonNull = alternatives.filter((alternative) => alternative.type !== "null");
  return nonNull.length === 1 && nonNull[0] ? nonNull[0] : node;
}
