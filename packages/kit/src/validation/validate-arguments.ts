import type * as z from "zod";
import type { ParameterProblem } from "../errors.js";
import { isJsonObject, jsonTypeOf } from "./describe-value.js";
import { issueToProblems } from "./issue-to-problem.js";
import { acceptsNull, itemSchema, type JsonSchemaNode } from "./json-schema.js";
import { prototypeKeyProblems } from "./prototype-keys.js";

/** The outcome of checking a tool call's arguments against its input schema. */
export type ValidationOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; problems: ParameterProblem[] };

/**
 * Validates raw tool arguments. Absent arguments mean `{}`; arguments that are not a JSON object
 * are named `arguments`. `null` for an optional parameter means absent; nothing is coerced;
 * every problem of the request is reported, once, in the contract's wording.
 */
export function validateArguments<T>(
  schema: z.ZodType<T>,
  jsonSchema: JsonSchemaNode,
  raw: unknown,
): ValidationOutcome<T> {
  if (raw !== undefined && !isJsonObject(raw)) {
    const issue = `Expected an object, received ${jsonTypeOf(raw)}`;
    return { ok: false, problems: [{ parameter: "arguments", issue }] };
  }
  const input = dropOptionalNulls(raw ?? {}, jsonSchema);
  const parsed = schema.safeParse(input);
  const prototypeKeys = prototypeKeyProblems(input);
  if (parsed.success && prototypeKeys.length === 0) return { ok: true, value: parsed.data };
  const problems: ParameterProblem[] = [];
  const seen = new SeenProblems();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    // An object's unknown keys come in one issue, each key once, worded as nothing else is.
    const distinct = issue.code === "unrecognized_keys";
    for (const problem of issueToProblems(issue, input, jsonSchema)) {
      if (distinct || seen.add(problem)) problems.push(problem);
    }
  }
  // A strict object already names its `__proto__` key as unknown: one problem per key is enough.
  const named = new Set(problems.map((problem) => problem.parameter));
  problems.push(...prototypeKeys.filter((problem) => !named.has(problem.parameter)));
  return { ok: false, problems };
}

/**
 * Which (parameter, issue) pairs were reported. Keyed by parameter, holding the issue itself
 * until a second one arrives, so no string is built per problem.
 */
class SeenProblems {
  private readonly byParameter = new Map<string, string | Set<string>>();

  /** Records a problem; `false` when the same one was already recorded. */
  add(problem: ParameterProblem): boolean {
    const known = this.byParameter.get(problem.parameter);
    if (known === undefined) {
      this.byParameter.set(problem.parameter, problem.issue);
      return true;
    }
    if (typeof known === "string") {
      if (known === problem.issue) return false;
      this.byParameter.set(problem.parameter, new Set([known, problem.issue]));
      return true;
    }
    if (known.has(problem.issue)) return false;
    known.add(problem.issue);
    return true;
  }
}

/**
 * Removes `null` where the schema makes a property optional and does not accept `null`
 * itself, at every depth. Returns the input unchanged (same object) when nothing is dropped.
 */
export function dropOptionalNulls(value: unknown, node: JsonSchemaNode | undefined): unknown {
  if (!node || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item, index) => {
      const next = dropOptionalNulls(item, itemSchema(node, index));
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  const properties = node.properties;
  if (!properties) return value;
  const required = new Set(node.required ?? []);
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  // The declared properties, not the given keys: a request with thousands of unknown keys
  // costs nothing here.
  for (const [key, childNode] of Object.entries(properties)) {
    // Own properties only: `constructor` or `__proto__` must not find Object.prototype's.
    if (!Object.hasOwn(record, key)) continue;
    const child = record[key];
    if (child === null && !required.has(key) && !acceptsNull(childNode)) {
      copy ??= { ...record };
      delete copy[key];
      continue;
    }
    const next = dropOptionalNulls(child, childNode);
    if (next !== child) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? value;
}
