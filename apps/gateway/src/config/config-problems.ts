import type * as z from "zod";
import type { ConfigProblem } from "./types.js";

/**
 * The words of the problems the builtins' option schemas leave to zod's defaults: a key they
 * do not know (they are strict), a required option left out, a value of the wrong type.
 * Every other message is the schema's own.
 */
export function defaultConfigMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === "unrecognized_keys") return "unknown option";
  if (issue.code !== "invalid_type") return undefined;
  if (issue.input === undefined) return "missing required option";
  if (issue.expected === "boolean") return "must be true or false";
  return `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
}

/**
 * The problems of a failed config parse, one per key and message: an unknown option becomes
 * one problem per key, a server name that fails its pattern a problem at that name.
 *
 * @param issues - the parse's issues
 * @returns problems in the order found, repeats dropped
 */
export function configProblems(issues: readonly z.core.$ZodIssue[]): ConfigProblem[] {
  const problems = issues.flatMap((issue): ConfigProblem[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: configPath([...issue.path, key]),
        issue: issue.message,
      }));
    }
    if (issue.code === "invalid_key") {
      return issue.issues.map((inner) => ({ path: configPath(issue.path), issue: inner.message }));
    }
    return [{ path: configPath(issue.path), issue: issue.message }];
  });
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const line = configLine(problem);
    if (seen.has(line)) return false;
    seen.add(line);
    return true;
  });
}

/** A problem as the gateway prints it: `config: PATH: issue`. */
export function configLine(problem: ConfigProblem): string {
  return problem.path === ""
    ? `config: ${problem.issue}`
    : `config: ${problem.path}: ${problem.issue}`;
}

/** `mcpServers.notes.args[2]`: keys joined by dots, list indexes in brackets. */
function configPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : `${index === 0 ? "" : "."}${String(key)}`,
    )
    .join("");
}
