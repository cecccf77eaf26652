import {
  formatModifier,
  isJsonObject,
  type JsonObject,
  numberOr,
  stringOr,
} from "@tabletop-mcp/views/app";
import { outcomeWords } from "../shared/outcome-words.js";

/** Each of duality_explain's five step codes, told with its data. */
const STEP_TEXT: Readonly<Record<string, (data: JsonObject) => string>> = {
  SUM_DICE: (data) =>
    `Hope ${numberOr(data.hope, 0)} + Fear ${numberOr(data.fear, 0)} = ${numberOr(data.base_total, 0)}`,
  APPLY_MODIFIER: (data) => {
    const extra =
      typeof data.advantage_die === "number"
        ? `, advantage +${data.advantage_die}`
        : typeof data.disadvantage_die === "number"
          ? `, disadvantage \u2212${data.disadvantage_die}`
          : "";
    return `${numberOr(data.base_total, 0)}, modifier ${formatModifier(numberOr(data.modifier, 0))}${extra}: total ${numberOr(data.total, 0)}`;
  },
  CHECK_CRIT: (data) =>
    data.is_crit === true
      ? "Hope equals Fear: a critical success"
      : "Hope and Fear differ: no crit",
  CHECK_DIFFICULTY: (data) =>
    typeof data.difficulty === "number"
      ? `Total ${numberOr(data.total, 0)} against Difficulty ${data.difficulty}: ${data.meets_difficulty === true ? "met" : "not met"}`
      : "No difficulty given",
  SELECT_OUTCOME: (data) => `Outcome: ${outcomeWords(stringOr(data.outcome, ""))}`,
};

/**
 * One step of `duality_explain` in words, with the numbers it worked on.
 *
 * @param step - the step as the server reports it (`code`, `message`, `data`)
 * @returns the sentence
 */
export function explainStepText(step: JsonObject): string {
  const code = stringOr(step.code, "");
  const data = isJsonObject(step.data) ? step.data : {};
  const tell = STEP_TEXT[code];
  return tell ? tell(data) : stringOr(step.message, code);
}
