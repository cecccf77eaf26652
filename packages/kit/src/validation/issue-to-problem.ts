import type * as z from "zod";
import type { ParameterProblem } from "../errors.js";
import { expectedTypePhrase, jsonTypeOf, renderValue } from "./describe-value.js";
import { formatPath } from "./format-path.js";
import { type JsonSchemaNode, schemaAtPath } from "./json-schema.js";

type Issue = z.core.$ZodIssue;

/**
 * Turns one zod issue into the contract's parameter problems, worded the same for every
 * server. `input` is the raw arguments (to name what was received) and `schema` the advertised
 * JSON Schema (to state the full valid range, not just the bound that was crossed).
 */
export function issueToProblems(
  issue: Issue,
  input: unknown,
  schema: JsonSchemaNode,
): ParameterProblem[] {
  const node = schemaAtPath(schema, issue.path);
  const parameter = formatPath(issue.path);
  if (issue.code === "unrecognized_keys") {
    // The valid names go with the first unknown key only: a request with thousands of unknown
    // keys must not get the list thousands of times.
    return issue.keys.map((key, index) => ({
      parameter: formatPath([...issue.path, key]),
      issue: index === 0 ? unknownParameterIssue(node) : UNKNOWN_PARAMETER_AGAIN,
    }));
  }
  if (issue.code === "invalid_key") return [invalidKeyProblem(issue.path, schema)];
  // Whatever zod says about an absent value (an enum's options, a union's failure), it is missing.
  if (!valueAtPath(input, issue.path).present) {
    return [withRange({ parameter, issue: "Missing required parameter" }, node)];
  }
  switch (issue.code) {
    case "invalid_type":
      return [withRange({ parameter, issue: invalidTypeIssue(issue, input, node) }, node)];
    case "too_big":
    case "too_small":
      return [withRange({ parameter, issue: rangeIssue(issue, input, node) }, node)];
    case "invalid_value":
      return [{ parameter, issue: `Expected one of: ${issue.values.map(String).join(", ")}` }];
    default:
      return [withRange({ parameter, issue: issue.message }, node)];
  }
}

/** The issue of every unknown key of an object after the first, which lists the valid names. */
const UNKNOWN_PARAMETER_AGAIN = "Unknown parameter; valid parameters as above";

function unknownParameterIssue(objectNode: JsonSchemaNode | undefined): string {
  const names = Object.keys(objectNode?.properties ?? {});
  return names.length === 0
    ? "Unknown parameter; this tool takes no parameters"
    : `Unknown parameter; valid parameters are ${names.join(", ")}`;
}

/** A record key its schema refuses, worded from the record's `propertyNames`. */
function invalidKeyProblem(path: readonly PropertyKey[], schema: JsonSchemaNode): ParameterProblem {
  const keys = schemaAtPath(schema, path.slice(0, -1))?.propertyNames;
  const parameter = formatPath(path);
  const allowed = Array.isArray(keys?.enum) ? keys.enum.map(String) : undefined;
  const rule = allowed
    ? `; expected one of: ${allowed.join(", ")}`
    : typeof keys?.pattern === "string"
      ? `; keys must match ${keys.pattern}`
      : "";
  return withRange({ parameter, issue: `Invalid key${rule}` }, keys);
}

function invalidTypeIssue(issue: Issue, input: unknown, node: JsonSchemaNode | undefined): string {
  const located = valueAtPath(input, issue.path);
  const zodExpected = issue.code === "invalid_type" ? issue.expected : undefined;
  const phrase = expectedTypePhrase(
    node?.type ?? (zodExpected === "int" ? "integer" : zodExpected),
  );
  return `Expected ${phrase}, received ${jsonTypeOf(located.value)}`;
}

function rangeIssue(issue: Issue, input: unknown, node: JsonSchemaNode | undefined): string {
  const { value } = valueAtPath(input, issue.path);
  const tooBig = issue.code === "too_big";
  if (typeof value === "string") {
    const bound = tooBig ? node?.maxLength : node?.minLength;
    return tooBig
      ? `Length ${value.length} exceeds maximum allowed (${bound} characters)`
      : `Length ${value.length} is below minimum allowed (${bound} characters)`;
  }
  if (Array.isArray(value)) {
    const bound = tooBig ? node?.maxItems : node?.minItems;
    return tooBig
      ? `${value.length} items exceed maximum allowed (${bound})`
      : `${value.length} items are below minimum allowed (${bound})`;
  }
  const limit = tooBig
    ? (node?.maximum ?? (issue.code === "too_big" ? issue.maximum : undefined))
    : (node?.minimum ?? (issue.code === "too_small" ? issue.minimum : undefined));
  return tooBig
    ? `Value ${renderValue(value)} exceeds maximum allowed (${String(limit)})`
    : `Value ${renderValue(value)} is below minimum allowed (${String(limit)})`;
}

function withRange(problem: ParameterProblem, node: JsonSchemaNode | undefined): ParameterProblem {
  const range = node && describeRange(node);
  return range ? { ...problem, valid_range: range } : problem;
}

/** The accepted range of a schema node, as `1-1000`, `-100-100`, `1-256 characters`. */
function describeRange(node: JsonSchemaNode): string | undefined {
  if (node.minimum !== undefined || node.maximum !== undefined) {
    return span(node.minimum, node.maximum, "");
  }
  if (node.minLength !== undefined || node.maxLength !== undefined) {
    return span(node.minLength ?? 0, node.maxLength, " characters");
  }
  if (node.minItems !== undefined || node.maxItems !== undefined) {
    return span(node.minItems ?? 0, node.maxItems, " items");
  }
  return undefined;
}

function span(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return `${min}-${max}${unit}`;
  if (min !== undefined) return `>= ${min}${unit}`;
  return `<= ${String(max)}${unit}`;
}

function valueAtPath(
  input: unknown,
  path: readonly PropertyKey[],
): { present: boolean; value: unknown } {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== "object")
      return { present: false, value: undefined };
    const container = current as Record<PropertyKey, unknown>;
    if (!Object.hasOwn(container, key)) return { present: false, value: undefined };
    current = container[key];
  }
  return { present: current !== undefined, value: current };
}
