import type { ParameterProblem } from "../errors.js";
import { formatPath } from "./format-path.js";

/** The issue of a `__proto__` key, worded like the other key problems. */
export const PROTOTYPE_KEY_ISSUE = "Invalid key; __proto__ is not accepted";

/** A value met in the walk, and how it was reached: its key in its parent. */
interface Step {
  value: object;
  key: PropertyKey | undefined;
  parent: Step | undefined;
}

function pathOf(step: Step): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * One problem for each own `__proto__` key anywhere in the arguments. JSON makes such a key an
 * ordinary property, but zod drops it from records (and objects that strip) without a word, so a
 * value sent under it would vanish from a call that succeeded. Walked with an explicit stack, so
 * deep nesting cannot exhaust the call stack, and each value records only its key and parent, so
 * the walk costs time in proportion to the arguments' size however deep they nest (a copied
 * path per value made 40 KB of nested arrays take seconds).
 */
export function prototypeKeyProblems(input: unknown): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  if (input === null || typeof input !== "object") return problems;
  const pending: Step[] = [{ value: input, key: undefined, parent: undefined }];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const { value } = step;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (item !== null && typeof item === "object") {
          pending.push({ value: item, key: index, parent: step });
        }
      }
      continue;
    }
    if (Object.hasOwn(value, "__proto__")) {
      problems.push({
        parameter: formatPath([...pathOf(step), "__proto__"]),
        issue: PROTOTYPE_KEY_ISSUE,
      });
    }
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && typeof item === "object")
        pending.push({ value: item, key, parent: step });
    }
  }
  return problems;
}
