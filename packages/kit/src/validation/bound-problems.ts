import type { ParameterProblem } from "../errors.js";

/** Problems one answer lists at most; the rest are counted in one last detail. */
export const MAX_LISTED_PROBLEMS = 20;

/**
 * Keeps an invalid-parameters answer small whatever the request held: the first
 * {@link MAX_LISTED_PROBLEMS} problems, then, when there were more, one last detail naming
 * `arguments` (the whole argument object) with the issue `… and N more problems, not listed`.
 */
export function boundProblems(problems: readonly ParameterProblem[]): ParameterProblem[] {
  if (problems.length <= MAX_LISTED_PROBLEMS) return [...problems];
  const hidden = problems.length - MAX_LISTED_PROBLEMS;
  return [
    ...problems.slice(0, MAX_LISTED_PROBLEMS),
    { parameter: "arguments", issue: `… and ${hidden} more problems, not listed` },
  ];
}
