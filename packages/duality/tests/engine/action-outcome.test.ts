import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateActionOutcome } from "../../src/engine/action-outcome.js";
import { DualityError } from "../../src/engine/duality-error.js";
import { D6_FACES, D12_FACES, referenceRoll } from "./reference-rules.js";

describe("evaluateActionOutcome", () => {
  it("reproduces the example of docs/duality.md §3.3 exactly", () => {
    expect(evaluateActionOutcome({ hope: 8, fear: 5, modifier: 2, difficulty: 15 })).toEqual({
      hope: 8,
      fear: 5,
      modifier: 2,
      difficulty: 15,
      total: 15,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_HOPE",
    });
  });

  it("lists the output keys in the order of docs/duality.md §3.2", () => {
    const result = evaluateActionOutcome({ hope: 8, fear: 5, difficulty: 15, advantage_die: 3 });
    expect(Object.keys(result)).toEqual([
      "hope",
      "fear",
      "modifier",
      "difficulty",
      "advantage_die",
      "total",
      "is_crit",
      "meets_difficulty",
      "outcome",
    ]);
  });

  it("adds the advantage die to the total (docs/duality.md §5.1)", () => {
    expect(
      evaluateActionOutcome({ hope: 5, fear: 7, modifier: 1, difficulty: 15, advantage_die: 3 }),
    ).toEqual({
      hope: 5,
      fear: 7,
      modifier: 1,
      difficulty: 15,
      advantage_die: 3,
      total: 16,
      is_crit: false,
      meets_difficulty: true,
      outcome: "SUCCESS_WITH_FEAR",
    });
  });

  it("subtracts the disadvantage die from the total (docs/duality.md §5.1)", () => {
    const result = evaluateActionOutcome({
      hope: 5,
      fear: 7,
      modifier: 1,
      difficulty: 15,
      disadvantage_die: 3,
    });
    expect(result.total).toBe(10);
    expect(result.outcome).toBe("FAILURE_WITH_FEAR");
    expect(result.disadvantage_die).toBe(3);
    expect("advantage_die" in result).toBe(false);
  });

  it("omits difficulty and reports no success without one, even on a crit", () => {
    const result = evaluateActionOutcome({ hope: 6, fear: 6 });
    expect(result).toEqual({
      hope: 6,
      fear: 6,
      modifier: 0,
      total: 12,
      is_crit: true,
      meets_difficulty: false,
      outcome: "CRITICAL_SUCCESS",
    });
    expect("difficulty" in result).toBe(false);
  });

  it("turns any crit into a critical success that meets the difficulty, whatever the total", () => {
    const result = evaluateActionOutcome({ hope: 1, fear: 1, modifier: -5, difficulty: 30 });
    expect(result.total).toBe(-3);
    expect(result.meets_difficulty).toBe(true);
    expect(result.outcome).toBe("CRITICAL_SUCCESS");
  });

  it("agrees with the reference for all 144 pairs, difficulties none and 0..30, modifiers -5..10", () => {
    const difficulties: (number | null)[] = [null, ...Array.from({ length: 31 }, (_, d) => d)];
    const mismatches: string[] = [];
    for (const hope of D12_FACES) {
      for (const fear of D12_FACES) {
        for (let modifier = -5; modifier <= 10; modifier++) {
          for (const difficulty of difficulties) {
            const expected = referenceRoll(hope, fear, modifier, difficulty, 0);
            const actual = evaluateActionOutcome({
              hope,
              fear,
              modifier,
              difficulty: difficulty ?? undefined,
            });
            if (
              actual.total !== expected.total ||
              actual.is_crit !== expected.isCrit ||
              actual.meets_difficulty !== expected.meets ||
              actual.outcome !== expected.outcome
            ) {
              mismatches.push(`${hope}/${fear} mod ${modifier} diff ${difficulty}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("agrees with the reference for every advantage and disadvantage die face", () => {
    const mismatches: string[] = [];
    for (const hope of D12_FACES) {
      for (const fear of D12_FACES) {
        for (const face of D6_FACES) {
          for (const difficulty of [null, 5, 10, 15, 20, 25]) {
            const base = { hope, fear, modifier: 1, difficulty: difficulty ?? undefined };
            const withAdvantage = evaluateActionOutcome({ ...base, advantage_die: face });
            const withDisadvantage = evaluateActionOutcome({ ...base, disadvantage_die: face });
            const up = referenceRoll(hope, fear, 1, difficulty, face);
            const down = referenceRoll(hope, fear, 1, difficulty, -face);
            if (withAdvantage.total !== up.total || withAdvantage.outcome !== up.outcome) {
              mismatches.push(`${hope}/${fear} +${face} diff ${difficulty}`);
            }
            if (
              withDisadvantage.total !== down.total ||
              withDisadvantage.outcome !== down.outcome
            ) {
              mismatches.push(`${hope}/${fear} -${face} diff ${difficulty}`);
            }
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("never lets the extra die change the crit or the Hope/Fear side", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 100 }),
        (hope, fear, face, difficulty) => {
          const plain = evaluateActionOutcome({ hope, fear });
          const raised = evaluateActionOutcome({ hope, fear, difficulty, advantage_die: face });
          expect(raised.is_crit).toBe(plain.is_crit);
          expect(raised.outcome.endsWith("HOPE")).toBe(plain.outcome.endsWith("HOPE"));
          expect(raised.outcome.endsWith("FEAR")).toBe(plain.outcome.endsWith("FEAR"));
        },
      ),
    );
  });

  it("refuses a die outside 1..12, naming it", () => {
    expect(() => evaluateActionOutcome({ hope: 13, fear: 5 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "hope" }),
    );
    expect(() => evaluateActionOutcome({ hope: 5, fear: 0 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "fear" }),
    );
  });

  it("refuses a fractional die and a negative difficulty", () => {
    expect(() => evaluateActionOutcome({ hope: 2.5, fear: 5 })).toThrow(
      expect.objectContaining({ code: "NOT_AN_INTEGER", parameter: "hope" }),
    );
    expect(() => evaluateActionOutcome({ hope: 2, fear: 5, difficulty: -1 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "difficulty" }),
    );
  });

  it("refuses both extra dice with the wording of docs/duality.md §6 on disadvantage_die", () => {
    const call = () =>
      evaluateActionOutcome({ hope: 2, fear: 5, advantage_die: 1, disadvantage_die: 2 });
    expect(call).toThrow(DualityError);
    expect(call).toThrow(
      expect.objectContaining({
        code: "CONFLICTING_PARAMETERS",
        parameter: "disadvantage_die",
        message: "advantage_die and disadvantage_die are mutually exclusive",
      }),
    );
  });

  it("refuses an extra die outside 1..6", () => {
    expect(() => evaluateActionOutcome({ hope: 2, fear: 5, advantage_die: 7 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "advantage_die" }),
    );
  });
});
