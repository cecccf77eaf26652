/** How each Duality outcome reads at the table. */
const OUTCOME_WORDS: Readonly<Record<string, string>> = {
  CRITICAL_SUCCESS: "Critical success",
  SUCCESS_WITH_HOPE: "Success with Hope",
  SUCCESS_WITH_FEAR: "Success with Fear",
  FAILURE_WITH_HOPE: "Failure with Hope",
  FAILURE_WITH_FEAR: "Failure with Fear",
  ROLL_WITH_HOPE: "Rolled with Hope",
  ROLL_WITH_FEAR: "Rolled with Fear",
};

/** Which die's colour an outcome wears. */
export type OutcomeTone = "crit" | "hope" | "fear";

/**
 * An outcome in words (`Success with Hope`, `Critical success`).
 *
 * @param outcome - the server's outcome code
 * @returns the words, or the code itself for one this view does not know
 */
export function outcomeWords(outcome: string): string {
  return OUTCOME_WORDS[outcome] ?? outcome;
}

/**
 * Whether an outcome is a crit, or went with Hope or with Fear.
 *
 * @param outcome - the server's outcome code
 * @returns its tone
 */
export function outcomeTone(outcome: string): OutcomeTone {
  if (outcome === "CRITICAL_SUCCESS") return "crit";
  return outcome.endsWith("_WITH_HOPE") ? "hope" : "fear";
}

/**
 * Whether an outcome is a success (a crit always is).
 *
 * @param outcome - the server's outcome code
 * @returns true for CRITICAL_SUCCESS, SUCCESS_WITH_HOPE and SUCCESS_WITH_FEAR
 */
export function isSuccess(outcome: string): boolean {
  return outcome === "CRITICAL_SUCCESS" || outcome.startsWith("SUCCESS_");
}
