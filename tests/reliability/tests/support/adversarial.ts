/**
 * Hostile argument objects for a tool: wrong types, huge numbers, huge strings, deep nesting,
 * odd unicode, nulls, missing and unknown keys. Each case says what the contract lets the
 * server answer.
 */
import fc from "fast-check";
import { type IdPool, type JsonSchema, objectFor } from "./schema-arbitrary.js";

/** What a case obliges the server to answer, beyond "a result or the contract's error". */
export type Expectation =
  | { kind: "any" }
  | { kind: "unknown-parameter"; parameter: string }
  | { kind: "missing-parameter"; parameter: string };

/** One call to make: the arguments and what the answer must show. */
export interface FuzzCase {
  label: string;
  args: Record<string, unknown>;
  expect: Expectation;
}

/** Nested `depth` levels deep, alternating arrays and objects. */
function deeplyNested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

const ONE_MEBIBYTE = 1_048_576;

/** Strings that trip parsers, validators and renderers. */
const nastyStrings = [
  "",
  " ",
  "\u0000",
  "\uD800",
  "a\uDFFFb",
  "\uDBFF\uDFFF",
  "\u202Eevil\u202C",
  "مرحبا بالعالم",
  "שלום",
  "👩‍👩‍👧‍👦🎲",
  "e\u0301\u0301\u0301",
  "\uFEFF1",
  "NaN",
  "Infinity",
  "-0",
  "1e308",
  "0x10",
  "4",
  "true",
  "null",
  "{}",
  "[]",
  "%s%n%x",
  "../../../../etc/passwd",
  "'; DROP TABLE campaigns; --",
  "<script>alert(1)</script>",
  "$" + "{process.exit()}",
  "@",
  "camp_",
] as const;

/** Numbers at and past every limit a JSON value can carry. */
const nastyNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  2 ** 63,
  -(2 ** 63),
  2 ** 31,
  -(2 ** 31) - 1,
  1001,
  100_000,
] as const;

/** One hostile JSON value; `hugeStrings` adds strings of about 1 MiB (slow over a pipe). */
function hostileValue(hugeStrings: boolean): fc.Arbitrary<unknown> {
  const values: fc.WeightedArbitrary<unknown>[] = [
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...nastyStrings) },
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...nastyNumbers) },
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 5000 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], {}, [null], { "": null }) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map(deeplyNested) },
    { weight: 1, arbitrary: fc.array(fc.integer(), { minLength: 1000, maxLength: 3000 }) },
  ];
  if (hugeStrings) {
    values.push({
      weight: 1,
      arbitrary: fc.constantFrom(ONE_MEBIBYTE - 200, 300_000).map((size) => "é".repeat(size / 2)),
    });
  }
  return fc.oneof(...values);
}

/** Keys no tool accepts, including the ones that reach prototypes. */
const unknownKeyArbitrary = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "sides", "", " ", "\uD800"),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** Sets `key` as an own enumerable property, even `__proto__`, so JSON carries it. */
function withOwnKey(object: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Every kind of call the fuzzer makes for one tool, valid-shaped ones included. */
export function fuzzCases(
  schema: JsonSchema,
  idPool: IdPool,
  options: { hugeStrings: boolean },
): fc.Arbitrary<FuzzCase> {
  const valid = objectFor(schema, idPool);
  const known = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const hostile = hostileValue(options.hugeStrings);
  const cases: fc.WeightedArbitrary<FuzzCase>[] = [
    {
      weight: 4,
      arbitrary: valid.map((args) => ({ label: "valid-shaped", args, expect: { kind: "any" } })),
    },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.constantFrom(...known, "x"), hostile, { maxKeys: 4 })
        .map((args) => ({
          label: "hostile values",
          args,
          expect: { kind: "any" } as Expectation,
        })),
    },
    {
      weight: 2,
      arbitrary: valid.map((args) => ({
        label: "all null",
        args: nullEverywhere(args),
        expect: { kind: "any" } as Expectation,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          unknownKeyArbitrary.filter((key) => !known.includes(key)),
          hostile,
        )
        .map(([args, key, value]) => ({
          label: "unknown key",
          args: withOwnKey(args, key, value),
          // `null` means "absent" (contract), so an unknown key sent as null (NaN and
          // Infinity travel as null too) may be dropped.
          expect:
            JSON.stringify(value) === "null"
              ? ({ kind: "any" } as Expectation)
              : ({ kind: "unknown-parameter", parameter: key } as Expectation),
        })),
    },
  ];
  if (known.length > 0) {
    cases.push({
      weight: 4,
      arbitrary: fc.tuple(valid, fc.constantFrom(...known), hostile).map(([args, key, value]) => ({
        label: `hostile ${key}`,
        args: withOwnKey(args, key, value),
        expect: { kind: "any" } as Expectation,
      })),
    });
  }
  if (required.length > 0) {
    cases.push({
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...required)).map(([args, key]) => {
        const { [key]: _removed, ...rest } = args;
        return {
          label: `missing ${key}`,
          args: rest,
          expect: { kind: "missing-parameter", parameter: key } as Expectation,
        };
      }),
    });
  }
  return fc.oneof(...cases);
}

/** The same keys, every value `null` (which means "absent" for optional parameters). */
function nullEverywhere(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(args).map((key) => [key, null]));
}
