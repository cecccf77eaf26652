import {
  type ActionOutcomeInput,
  type ActionResult,
  evaluateActionOutcome,
} from "./action-outcome.js";
import { extraDieEntry } from "./extra-die.js";
import type { DualityOutcome } from "./outcome.js";
import { RULES_VERSION } from "./rules-version.js";

/** The values computed on the way to an outcome (docs/duality.md §3.4). */
export interface ExplainIntermediates {
  base_total: number;
  total: number;
  is_crit: boolean;
  meets_difficulty: boolean;
  hope_gt_fear: boolean;
  fear_gt_hope: boolean;
}

/** Step 1: add the two d12s. */
export interface SumDiceStep {
  code: "SUM_DICE";
  message: "Sum hope and fear dice";
  data: { hope: number; fear: number; base_total: number };
}

/** Step 2: add the modifier and the extra die; `total` already includes the die. */
export interface ApplyModifierStep {
  code: "APPLY_MODIFIER";
  message: "Apply modifier to base total";
  data: {
    base_total: number;
    modifier: number;
    advantage_die?: number;
    disadvantage_die?: number;
    total: number;
  };
}

/** Step 3: Hope equal to Fear is a critical success. */
export interface CheckCritStep {
  code: "CHECK_CRIT";
  message: "Check for critical outcome";
  data: { hope: number; fear: number; is_crit: boolean };
}

/** Step 4: compare with the difficulty, `null` when there is none. */
export interface CheckDifficultyStep {
  code: "CHECK_DIFFICULTY";
  message: "Compare total against difficulty";
  data: { total: number; difficulty: number | null; meets_difficulty: boolean };
}

/** Step 5: the outcome enum string. */
export interface SelectOutcomeStep {
  code: "SELECT_OUTCOME";
  message: "Select final outcome based on roll";
  data: { outcome: DualityOutcome };
}

/** The five steps, always all present, always in this order. */
export type ExplainSteps = [
  SumDiceStep,
  ApplyModifierStep,
  CheckCritStep,
  CheckDifficultyStep,
  SelectOutcomeStep,
];

/** Output of `duality_explain`: the outcome result plus how it was reached. */
export interface ExplainResult extends ActionResult {
  rules_version: typeof RULES_VERSION;
  intermediates: ExplainIntermediates;
  steps: ExplainSteps;
}

function buildSteps(result: ActionResult, baseTotal: number): ExplainSteps {
  const { hope, fear, modifier, total, is_crit, meets_difficulty, outcome } = result;
  return [
    {
      code: "SUM_DICE",
      message: "Sum hope and fear dice",
      data: { hope, fear, base_total: baseTotal },
    },
    {
      code: "APPLY_MODIFIER",
      message: "Apply modifier to base total",
      data: { base_total: baseTotal, modifier, ...extraDieEntry(result), total },
    },
    { code: "CHECK_CRIT", message: "Check for critical outcome", data: { hope, fear, is_crit } },
    {
      code: "CHECK_DIFFICULTY",
      message: "Compare total against difficulty",
      data: { total, difficulty: result.difficulty ?? null, meets_difficulty },
    },
    { code: "SELECT_OUTCOME", message: "Select final outcome based on roll", data: { outcome } },
  ];
}

/**
 * Evaluates known dice like {@link evaluateActionOutcome} and explains the evaluation in the
 * five fixed steps of docs/duality.md §3.4. Deterministic: equal inputs give byte-equal JSON.
 *
 * @param input - the dice, optional modifier, difficulty and extra die
 * @returns the result object of `duality_explain`
 * @throws DualityError on the same inputs {@link evaluateActionOutcome} refuses
 */
export function explainActionOutcome(input: ActionOutcomeInput): ExplainResult {
  const result = evaluateActionOutcome(input);
  const baseTotal = result.hope + result.fear;
  return {
    ...result,
    rules_version: RULES_VERSION,
    intermediates: {
      base_total: baseTotal,
      total: result.total,
      is_crit: result.is_crit,
      meets_difficulty: result.meets_difficulty,
      hope_gt_fear: result.hope > result.fear,
      fear_gt_hope: result.fear > result.hope,
    },
    steps: buildSteps(result, baseTotal),
  };
}
