import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateReactionOutcome } from "../../src/engine/reaction-outcome.js";
import { referenceRoll } from "./reference-rules.js";

describe("evaluateReactionOutcome", () => {
  it("succeeds on 6 + 9 + 1 = 16 against 12 (docs/duality.md §5.2)", () => {
    expect(evaluateReactionOutcome({ hope: 6, fear: 9, modifier: 1, difficulty: 12 })).toEqual({
      hope: 6,
      fear: 9,
      modifier: 1,
      difficulty: 12,
      total: 16,
      is_crit: false,
      success: true,
      outcome: "SUCCESS",
    });
  });

  it("turns matching dice into a critical success even against 30", () => {
    expect(evaluateReactionOutcome({ hope: 5, fear: 5, difficulty: 30 })).toEqual({
      hope: 5,
      fear: 5,
      modifier: 0,
      difficulty: 30,
      total: 10,
      is_crit: true,
      success: true,
      outcome: "CRITICAL_SUCCESS",
    });
  });

  it("fails on 2 + 3 = 5 against 10", () => {
    const result = evaluateReactionOutcome({ hope: 2, fear: 3, difficulty: 10 });
    expect(result.total).toBe(5);
    expect(result.success).toBe(false);
    expect(result.outcome).toBe("FAILURE");
  });

  it("echoes the extra die between difficulty and total", () => {
    const result = evaluateReactionOutcome({ hope: 2, fear: 3, difficulty: 10, advantage_die: 6 });
    expect(Object.keys(result)).toEqual([
      "hope",
      "fear",
      "modifier",
      "difficulty",
      "advantage_die",
      "total",
      "is_crit",
      "success",
      "outcome",
    ]);
    expect(result.total).toBe(11);
    expect(result.outcome).toBe("SUCCESS");
  });

  it("succeeds exactly when the matching action roll would, with no Hope or Fear flavour", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: -6, max: 6 }),
        (hope, fear, modifier, difficulty, signedDie) => {
          const extra =
            signedDie > 0
              ? { advantage_die: signedDie }
              : signedDie < 0
                ? { disadvantage_die: -signedDie }
                : {};
          const result = evaluateReactionOutcome({ hope, fear, modifier, difficulty, ...extra });
          const reference = referenceRoll(hope, fear, modifier, difficulty, signedDie);
          expect(result.total).toBe(reference.total);
          expect(result.success).toBe(reference.meets);
          const expected = reference.isCrit
            ? "CRITICAL_SUCCESS"
            : reference.meets
              ? "SUCCESS"
              : "FAILURE";
          expect(result.outcome).toBe(expected);
        },
      ),
    );
  });

  it("refuses both extra dice and a die outside 1..12", () => {
    expect(() =>
      evaluateReactionOutcome({
        hope: 2,
        fear: 3,
        difficulty: 10,
        advantage_die: 1,
        disadvantage_die: 1,
      }),
    ).toThrow(
      expect.objectContaining({ code: "CONFLICTING_PARAMETERS", parameter: "disadvantage_die" }),
    );
    expect(() => evaluateReactionOutcome({ hope: 2, fear: 13, difficulty: 10 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "fear" }),
    );
  });
});
