import type { ParameterProblem } from "../errors.js";
import { formatPath } from "./format-path.js";

/** The issue of a `__proto__` key, worded like the other key problems. */
export const PROTOTYPE_KEY_ISSUE = "Invalid key; __proto__ is not accepted";

/**
 * One problem for each own `__proto__` key anywhere in the arguments. JSON makes such a key an
 * ordinary property, but zod drops it from records (and objects that strip) without a word, so a
 * value sent under it would vanish from a call that succeeded. Walked with an explicit stack, so
 * deep nesting cannot exhaust the call stack.
 */
export function prototypeKeyProblems(input: unknown): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  const pending: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: input, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (item !== null && typeof item === "object")
          pending.push({ value: item, path: [...path, index] });
      });
      continue;
    }
    if (Object.hasOwn(value, "__proto__")) {
      problems.push({ parameter: formatPath([...path, "__proto__"]), issue: PROTOTYPE_KEY_ISSUE });
    }
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && typeof item === "object")
        pending.push({ value: item, path: [...path, key] });
    }
  }
  return problems;
}
