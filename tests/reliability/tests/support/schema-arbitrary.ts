/**
 * Arguments shaped like a tool's advertised `inputSchema` (the JSON Schema subset the servers
 * emit: objects, arrays, integers, numbers, strings with bounds, patterns and enums, anyOf).
 */
import fc from "fast-check";

/** The part of JSON Schema the generator understands; anything else becomes any JSON value. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
}

/** Values a property named like an id may take besides random ones (real ids of the server). */
export type IdPool = Readonly<Record<string, readonly string[]>>;

const MAX_DEPTH = 4;

/** An arbitrary of values valid for `schema`, as far as the subset above can tell. */
function valueFor(schema: JsonSchema, idPool: IdPool = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, idPool, depth + 1)));
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => valueFor({ ...schema, type }, idPool, depth)));
  }
  switch (types[0]) {
    case "object":
      return objectFor(schema, idPool, depth);
    case "array":
      return fc.array(valueFor(schema.items ?? {}, idPool, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case "integer":
      return integerFor(schema);
    case "number":
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case "string":
      return stringFor(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An arbitrary object for an object schema: required keys always, optional ones sometimes. */
export function objectFor(
  schema: JsonSchema,
  idPool: IdPool = {},
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).filter(
    ([key]) => depth < MAX_DEPTH || required.has(key),
  );
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of entries) {
    const pooled = idPool[key];
    const random = valueFor(property, idPool, depth + 1);
    model[key] =
      pooled && pooled.length > 0
        ? fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...pooled) },
            { weight: 1, arbitrary: random },
          )
        : random;
  }
  const requiredKeys = [...required].filter((key) => key in model);
  const optionalKeys = Object.keys(model).filter((key) => !required.has(key));
  // A few optional keys at a time: with all of them, nearly every call would break some rule.
  return fc
    .subarray(optionalKeys, { maxLength: Math.min(2, optionalKeys.length) })
    .chain((chosen) => {
      const picked = Object.fromEntries(
        [...requiredKeys, ...chosen].map((key) => [key, model[key] as fc.Arbitrary<unknown>]),
      );
      return fc.record(picked);
    });
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
  const high = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
  const min = Math.max(low, Number.MIN_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  // Bounds and their neighbours find more than the middle of a huge range.
  // Schemas that only say "safe integer" leave the real range to cross-field rules: small
  // values find those; bounds and their neighbours find the rest.
  const small = fc.integer({ min: Math.max(min, -3), max: Math.min(max, Math.max(min, -3) + 20) });
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 200) }) },
    { weight: 3, arbitrary: small },
    { weight: 2, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc
      .stringMatching(pattern)
      .filter(
        (value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity),
      );
  }
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}
