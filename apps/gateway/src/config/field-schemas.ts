import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import * as z from "zod";
import { expandVariables } from "./expand-variables.js";
import { TIERS } from "./types.js";

/** The environment `${NAME}` references are expanded from. */
export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * An integer key in a range, every problem told with the same sentence:
 * `must be an integer MIN-MAX (got VALUE)`, or `at least MIN` without an upper bound.
 *
 * @param min - the smallest value accepted
 * @param max - the largest, if any
 */
export function integerIn(min: number, max?: number): z.ZodNumber {
  const range = max === undefined ? `at least ${min}` : `${min}-${max}`;
  const error = (issue: { input?: unknown }) =>
    `must be an integer ${range} (got ${JSON.stringify(issue.input)})`;
  // A refinement, not `.int()`, whose failure would stop the entry's cross-field rules.
  const bounded = z.number({ error }).refine(Number.isInteger, { error }).min(min, { error });
  return max === undefined ? bounded : bounded.max(max, { error });
}

/** A latency tier name. */
export const tierName = z.enum(TIERS, { error: `must be one of ${TIERS.join(", ")}` });

/** A boolean key, as `true` or `false`. */
export const trueOrFalse = z.boolean({ error: "must be true or false" });

/** A key that must be absent from entries of this kind. */
export function absent(kind: string): z.ZodOptional<z.ZodUndefined> {
  return z.undefined({ error: `only applies to ${kind} servers` }).optional();
}

/**
 * A list of strings, judged as a whole: one problem at the key, not one per item.
 *
 * @param error - the problem when it is anything else
 */
export function stringList(error: string): z.ZodType<string[]> {
  return z.custom<string[]>(
    (value) => Array.isArray(value) && value.every((item) => typeof item === "string"),
    { error },
  );
}

/** Where an expansion reports the variables it found unset. */
interface IssueSink {
  issues: z.core.$ZodRawIssue[];
}

/**
 * Expands `${NAME}`, `${NAME:-fallback}` and `$$` in one config string; each unset variable
 * without a default is a problem at `path` (relative to the value being parsed).
 *
 * @param text - the string as written
 * @param env - the gateway's environment
 * @param sink - the parse context the problems go to
 * @param path - where in the value the string sits (an index of a list)
 * @returns the expanded text (empty when a variable is missing)
 */
export function expandInto(
  text: string,
  env: Environment,
  sink: IssueSink,
  path: PropertyKey[] = [],
): string {
  const expansion = expandVariables(text, env);
  if (expansion.ok) return expansion.value;
  for (const variable of expansion.missing) {
    sink.issues.push({
      code: "custom",
      input: text,
      // An empty path given here would be prefixed twice inside a record.
      ...(path.length > 0 ? { path } : {}),
      message: `environment variable ${variable} is not set (write \${${variable}:-default} to give a default)`,
    });
  }
  return "";
}

/**
 * A string with its `${NAME}` references expanded (see {@link expandInto}).
 *
 * @param env - the gateway's environment
 * @param error - the problem when the value is not a string
 */
export function expandedString(env: Environment, error: string) {
  return z.string({ error }).transform((text, context) => expandInto(text, env, context));
}

/**
 * An http:// or https:// URL, its `${NAME}` references expanded.
 *
 * @param env - the gateway's environment
 */
export function expandedHttpUrl(env: Environment) {
  return expandedString(env, "must be a string").pipe(
    z.string().refine(isHttpUrl, { error: "must be an http:// or https:// URL" }),
  );
}

function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && ["http:", "https:"].includes(new URL(text).protocol);
}

/**
 * An object of strings (`env`, `headers`), each value expanded.
 *
 * @param env - the gateway's environment
 */
export function expandedStringMap(env: Environment) {
  return z.record(z.string(), expandedString(env, "must be a string"), {
    error: "must be an object of strings",
  });
}

/**
 * A path from the config file: `~/` is the home directory, a relative path is relative to
 * the config file's folder.
 *
 * @param value - the path as written (expanded)
 * @param baseDirectory - the config file's folder
 */
export function resolvePath(value: string, baseDirectory: string): string {
  if (value.startsWith("~/")) return join(homedir(), value.slice(2));
  return isAbsolute(value) ? value : resolve(baseDirectory, value);
}

/**
 * A command from the config file: with a path separator it is a path (see
 * {@link resolvePath}); a bare name is left for `PATH` lookup.
 *
 * @param command - the command as written (expanded)
 * @param baseDirectory - the config file's folder
 */
export function resolveCommand(command: string, baseDirectory: string): string {
  if (command.startsWith("~/")) return join(homedir(), command.slice(2));
  return command.includes("/") || command.includes("\\")
    ? resolvePath(command, baseDirectory)
    : command;
}
