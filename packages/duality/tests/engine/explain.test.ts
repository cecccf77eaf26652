import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateActionOutcome } from "../../src/engine/action-outcome.js";
import { explainActionOutcome } from "../../src/engine/explain.js";
import { EXPLAIN_FULL_EXAMPLE } from "../spec-examples.js";

describe("explainActionOutcome", () => {
  it("reproduces the full example of docs/duality.md §3.4", () => {
    expect(explainActionOutcome({ hope: 8, fear: 5, modifier: 2, difficulty: 15 })).toEqual(
      EXPLAIN_FULL_EXAMPLE,
    );
  });

  it("explains a roll without difficulty with a null difficulty in step 4", () => {
    const result = explainActionOutcome({ hope: 3, fear: 11, modifier: 1 });
    expect("difficulty" in result).toBe(false);
    expect(result.total).toBe(15);
    expect(result.meets_difficulty).toBe(false);
    expect(result.outcome).toBe("ROLL_WITH_FEAR");
    expect(result.intermediates).toEqual({
      base_total: 14,
      total: 15,
      is_crit: false,
      meets_difficulty: false,
      hope_gt_fear: false,
      fear_gt_hope: true,
    });
    expect(result.steps[3].data).toEqual({ total: 15, difficulty: null, meets_difficulty: false });
  });

  it("shows the advantage die in step 2, the total already including it", () => {
    const result = explainActionOutcome({
      hope: 5,
      fear: 7,
      modifier: 1,
      difficulty: 15,
      advantage_die: 3,
    });
    expect(result.steps[1].data).toEqual({
      base_total: 12,
      modifier: 1,
      advantage_die: 3,
      total: 16,
    });
    expect(result.steps[4].data).toEqual({ outcome: "SUCCESS_WITH_FEAR" });
  });

  it("shows the disadvantage die in step 2", () => {
    const result = explainActionOutcome({ hope: 5, fear: 7, modifier: 1, disadvantage_die: 3 });
    expect(result.steps[1].data).toEqual({
      base_total: 12,
      modifier: 1,
      disadvantage_die: 3,
      total: 10,
    });
  });

  it("explains a crit with both comparisons false", () => {
    const result = explainActionOutcome({ hope: 4, fear: 4, difficulty: 25 });
    expect(result.intermediates).toEqual({
      base_total: 8,
      total: 8,
      is_crit: true,
      meets_difficulty: true,
      hope_gt_fear: false,
      fear_gt_hope: false,
    });
    expect(result.steps[2].data).toEqual({ hope: 4, fear: 4, is_crit: true });
    expect(result.steps[3].data).toEqual({ total: 8, difficulty: 25, meets_difficulty: true });
    expect(result.steps[4].data).toEqual({ outcome: "CRITICAL_SUCCESS" });
  });

  const explainInput = fc.record(
    {
      hope: fc.integer({ min: 1, max: 12 }),
      fear: fc.integer({ min: 1, max: 12 }),
      modifier: fc.integer({ min: -100, max: 100 }),
      difficulty: fc.integer({ min: 0, max: 100 }),
      advantage_die: fc.integer({ min: 1, max: 6 }),
    },
    { requiredKeys: ["hope", "fear"] },
  );

  it("agrees with evaluateActionOutcome on every shared key", () => {
    fc.assert(
      fc.property(explainInput, (input) => {
        const explained = explainActionOutcome(input);
        const evaluated = evaluateActionOutcome(input);
        for (const [key, value] of Object.entries(evaluated)) {
          expect(explained[key as keyof typeof explained]).toEqual(value);
        }
      }),
    );
  });

  it("always gives the five steps in order, consistent with the intermediates", () => {
    fc.assert(
      fc.property(explainInput, (input) => {
        const { steps, intermediates, outcome } = explainActionOutcome(input);
        expect(steps.map((step) => step.code)).toEqual([
          "SUM_DICE",
          "APPLY_MODIFIER",
          "CHECK_CRIT",
          "CHECK_DIFFICULTY",
          "SELECT_OUTCOME",
        ]);
        expect(steps[0].data.base_total).toBe(input.hope + input.fear);
        expect(steps[1].data.total).toBe(intermediates.total);
        expect(steps[2].data.is_crit).toBe(intermediates.is_crit);
        expect(steps[3].data.meets_difficulty).toBe(intermediates.meets_difficulty);
        expect(steps[4].data.outcome).toBe(outcome);
      }),
    );
  });

  it("gives byte-equal JSON for equal inputs", () => {
    fc.assert(
      fc.property(explainInput, (input) => {
        expect(JSON.stringify(explainActionOutcome({ ...input }))).toBe(
          JSON.stringify(explainActionOutcome({ ...input })),
        );
      }),
    );
  });

  it("ignores a request_id carried along with the input", () => {
    const withRequestId = { hope: 9, fear: 2, difficulty: 12, request_id: "req_123" };
    expect(explainActionOutcome(withRequestId)).toEqual(
      explainActionOutcome({ hope: 9, fear: 2, difficulty: 12 }),
    );
  });
});
