import * as z from "zod";
import type { ParameterProblem } from "./errors.js";
import type { JsonSchemaNode } from "./validation/json-schema.js";
import { dropOptionalNulls, type ValidationOutcome } from "./validation/validate-arguments.js";

/**
 * A rule across the parameters of a tool, declared beside its schema with the parameters it
 * reads. It runs whenever none of those failed the schema, even when other parameters did, so
 * that one answer lists every problem of a request.
 */
export interface CrossFieldRule<Args> {
  /**
   * The top-level parameters the rule needs. It is skipped when one of them failed the schema
   * (a required one that is missing has failed); an optional one that is absent does not stop it.
   */
  readonly reads: readonly (keyof Args & string)[];
  /**
   * The rule's problems, in the server's wording. `args` holds every parameter that passed the
   * schema, parsed; one that failed is absent, like an optional one not given, so a rule that
   * also looks at parameters outside `reads` must take an absent one as unknown.
   */
  readonly check: (args: Partial<Args>) => ParameterProblem[];
}

interface PassedParameters {
  readonly values: Record<string, unknown>;
  readonly failed: ReadonlySet<string>;
}

/**
 * Runs a tool's cross-field rules: on the parsed arguments when the schema passed, otherwise on
 * the parameters that pass it one by one. Arguments that are not an object run no rule.
 *
 * @param rules - the tool's rules
 * @param schema - the tool's input schema, a zod object
 * @param jsonSchema - its JSON Schema, which says where `null` means absent
 * @param raw - the arguments as the client sent them
 * @param validation - the schema's verdict on the whole arguments
 * @returns the rules' problems, in the order the rules gave them
 */
export function checkCrossFieldRules<Args>(
  rules: readonly CrossFieldRule<Args>[],
  schema: z.ZodType,
  jsonSchema: JsonSchemaNode,
  raw: unknown,
  validation: ValidationOutcome<unknown>,
): ParameterProblem[] {
  const passed = validation.ok
    ? { values: validation.value as Record<string, unknown>, failed: new Set<string>() }
    : passedParameters(schema, dropOptionalNulls(raw, jsonSchema));
  if (passed === undefined) return [];
  return rules
    .filter((rule) => rule.reads.every((name) => !passed.failed.has(name)))
    .flatMap((rule) => rule.check(passed.values as Partial<Args>));
}

/**
 * Orders problems by the parameter they name, as the schema declares the parameters (nested
 * paths such as `rolls[2].dice_sides` go with `rolls`); problems of undeclared names, such as
 * unknown parameters, come last. The sort is stable.
 *
 * @param problems - the problems of one call
 * @param schema - the tool's input schema
 * @returns the problems in declared order
 */
export function inDeclaredOrder(
  problems: readonly ParameterProblem[],
  schema: z.ZodType,
): ParameterProblem[] {
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const rank = (problem: ParameterProblem): number => {
    const index = names.indexOf(problem.parameter.split(/[.[]/, 1)[0] ?? "");
    return index === -1 ? names.length : index;
  };
  return [...problems].sort((first, second) => rank(first) - rank(second));
}

/**
 * Each declared parameter parsed on its own, from arguments whose optional `null`s are already
 * dropped; `undefined` when the schema cannot be split or the arguments are not an object.
 */
function passedParameters(schema: z.ZodType, input: unknown): PassedParameters | undefined {
  if (!(schema instanceof z.ZodObject) || !isObject(input)) return undefined;
  const values: Record<string, unknown> = {};
  const failed = new Set<string>();
  for (const [name, parameter] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = parameter.safeParse(Object.hasOwn(input, name) ? input[name] : undefined);
    if (!parsed.success) failed.add(name);
    else if (parsed.data !== undefined) values[name] = parsed.data;
  }
  return { values, failed };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
