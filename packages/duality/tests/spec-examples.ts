// Expected values transcribed from docs/duality.md, shared by the engine tests and the tool tests.

/** docs/duality.md §3.1: the constant answer of duality_rules_version. */
export const RULES_VERSION_EXAMPLE = {
  system: "Daggerheart",
  module: "Duality",
  rules_version: "1.0.0",
  dice_model: "DUALITY_D12_V1",
  total_formula: "hope + fear + modifier",
  crit_rule: "HOPE_EQUALS_FEAR_IS_CRITICAL",
  difficulty_rule: "TOTAL_MEETS_OR_EXCEEDS_DIFFICULTY",
  outcomes: [
    "ROLL_WITH_HOPE",
    "ROLL_WITH_FEAR",
    "SUCCESS_WITH_HOPE",
    "SUCCESS_WITH_FEAR",
    "FAILURE_WITH_HOPE",
    "FAILURE_WITH_FEAR",
    "CRITICAL_SUCCESS",
  ],
};

/** docs/duality.md §3.4: the full explain example (hope 8, fear 5, modifier 2, difficulty 15). */
export const EXPLAIN_FULL_EXAMPLE = {
  hope: 8,
  fear: 5,
  modifier: 2,
  difficulty: 15,
  total: 15,
  is_crit: false,
  meets_difficulty: true,
  outcome: "SUCCESS_WITH_HOPE",
  rules_version: "1.0.0",
  intermediates: {
    base_total: 13,
    total: 15,
    is_crit: false,
    meets_difficulty: true,
    hope_gt_fear: true,
    fear_gt_hope: false,
  },
  steps: [
    {
      code: "SUM_DICE",
      message: "Sum hope and fear dice",
      data: { hope: 8, fear: 5, base_total: 13 },
    },
    {
      code: "APPLY_MODIFIER",
      message: "Apply modifier to base total",
      data: { base_total: 13, modifier: 2, total: 15 },
    },
    {
      code: "CHECK_CRIT",
      message: "Check for critical outcome",
      data: { hope: 8, fear: 5, is_crit: false },
    },
    {
      code: "CHECK_DIFFICULTY",
      message: "Compare total against difficulty",
      data: { total: 15, difficulty: 15, meets_difficulty: true },
    },
    {
      code: "SELECT_OUTCOME",
      message: "Select final outcome based on roll",
      data: { outcome: "SUCCESS_WITH_HOPE" },
    },
  ],
};
