import { describe, expect, it } from "vitest";
import { getRulesVersion } from "../../src/engine/rules-version.js";

describe("getRulesVersion", () => {
  it("returns exactly the constant metadata of duality.md §3.1", () => {
    expect(getRulesVersion()).toEqual({
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
    });
  });

  it("hands out a fresh copy each time so callers cannot alter the constant", () => {
    const first = getRulesVersion();
    first.outcomes.pop();
    expect(getRulesVersion().outcomes).toHaveLength(7);
  });
});
