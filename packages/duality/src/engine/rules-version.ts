import { DUALITY_OUTCOMES, type DualityOutcome } from "./outcome.js";

/** The rules version every result reports. */
export const RULES_VERSION = "1.0.0";

/** Output of `duality_rules_version` (docs/duality.md §3.1). */
export interface RulesVersionResult {
  system: "Daggerheart";
  module: "Duality";
  rules_version: typeof RULES_VERSION;
  dice_model: "DUALITY_D12_V1";
  total_formula: "hope + fear + modifier";
  crit_rule: "HOPE_EQUALS_FEAR_IS_CRITICAL";
  difficulty_rule: "TOTAL_MEETS_OR_EXCEEDS_DIFFICULTY";
  outcomes: DualityOutcome[];
}

/**
 * Describes the rule semantics used to evaluate Duality rolls (docs/duality.md §3.1).
 *
 * @returns a fresh copy of the constant metadata, safe for the caller to mutate
 */
export function getRulesVersion(): RulesVersionResult {
  return {
    system: "Daggerheart",
    module: "Duality",
    rules_version: RULES_VERSION,
    dice_model: "DUALITY_D12_V1",
    total_formula: "hope + fear + modifier",
    crit_rule: "HOPE_EQUALS_FEAR_IS_CRITICAL",
    difficulty_rule: "TOTAL_MEETS_OR_EXCEEDS_DIFFICULTY",
    outcomes: [...DUALITY_OUTCOMES],
  };
}
