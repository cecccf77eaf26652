import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateActionOutcome } from "../../src/engine/action-outcome.js";
import { computeActionProbability } from "../../src/engine/probability.js";
import { D12_FACES, referenceCounts, signedDieValues } from "./reference-rules.js";

/** One row of docs/duality.md §4; `null` in a count column means the outcome is not listed. */
interface TableRow {
  modifier: number;
  difficulty: number | null;
  advantage: number;
  disadvantage: number;
  total: number;
  crit: number;
  success: number | null;
  failure: number | null;
  successHope: number | null;
  successFear: number | null;
  failureHope: number | null;
  failureFear: number | null;
  rollHope: number | null;
  rollFear: number | null;
}

function row(values: readonly (number | null)[]): TableRow {
  const [modifier, difficulty, advantage, disadvantage, total, crit, ...rest] = values;
  const [success, failure, successHope, successFear, failureHope, failureFear] = rest;
  const [rollHope, rollFear] = rest.slice(6);
  return {
    modifier: modifier ?? 0,
    difficulty: difficulty ?? null,
    advantage: advantage ?? 0,
    disadvantage: disadvantage ?? 0,
    total: total ?? 0,
    crit: crit ?? 0,
    success: success ?? null,
    failure: failure ?? null,
    successHope: successHope ?? null,
    successFear: successFear ?? null,
    failureHope: failureHope ?? null,
    failureFear: failureFear ?? null,
    rollHope: rollHope ?? null,
    rollFear: rollFear ?? null,
  };
}

const _ = null;

// docs/duality.md §4, copied column for column: modifier, difficulty, adv, dis, total, crit,
// success, failure, S+Hope, S+Fear, F+Hope, F+Fear, R+Hope, R+Fear.
const EXACT_COUNT_TABLE: TableRow[] = [
  [-2, _, 0, 0, 144, 12, _, _, _, _, _, _, 66, 66],
  [-2, 10, 0, 0, 144, 12, 82, 50, 41, 41, 25, 25, _, _],
  [-2, 15, 0, 0, 144, 12, 32, 100, 16, 16, 50, 50, _, _],
  [-2, 20, 0, 0, 144, 12, 4, 128, 2, 2, 64, 64, _, _],
  [0, _, 0, 0, 144, 12, _, _, _, _, _, _, 66, 66],
  [0, 10, 0, 0, 144, 12, 100, 32, 50, 50, 16, 16, _, _],
  [0, 15, 0, 0, 144, 12, 50, 82, 25, 25, 41, 41, _, _],
  [0, 20, 0, 0, 144, 12, 12, 120, 6, 6, 60, 60, _, _],
  [2, _, 0, 0, 144, 12, _, _, _, _, _, _, 66, 66],
  [2, 10, 0, 0, 144, 12, 114, 18, 57, 57, 9, 9, _, _],
  [2, 15, 0, 0, 144, 12, 72, 60, 36, 36, 30, 30, _, _],
  [2, 20, 0, 0, 144, 12, 24, 108, 12, 12, 54, 54, _, _],
  [5, _, 0, 0, 144, 12, _, _, _, _, _, _, 66, 66],
  [5, 10, 0, 0, 144, 12, 128, 4, 64, 64, 2, 2, _, _],
  [5, 15, 0, 0, 144, 12, 100, 32, 50, 50, 16, 16, _, _],
  [5, 20, 0, 0, 144, 12, 50, 82, 25, 25, 41, 41, _, _],
  [0, 0, 0, 0, 144, 12, 132, 0, 66, 66, 0, 0, _, _],
  [0, 30, 0, 0, 144, 12, 0, 132, 0, 0, 66, 66, _, _],
  [0, 10, 1, 0, 864, 72, 724, 68, 362, 362, 34, 34, _, _],
  [0, 10, 0, 1, 864, 72, 396, 396, 198, 198, 198, 198, _, _],
  [0, 15, 1, 0, 864, 72, 514, 278, 257, 257, 139, 139, _, _],
  [0, 15, 0, 1, 864, 72, 134, 658, 67, 67, 329, 329, _, _],
  [2, 10, 1, 0, 864, 72, 766, 26, 383, 383, 13, 13, _, _],
  [2, 10, 0, 1, 864, 72, 514, 278, 257, 257, 139, 139, _, _],
  [2, 15, 1, 0, 864, 72, 616, 176, 308, 308, 88, 88, _, _],
  [2, 15, 0, 1, 864, 72, 224, 568, 112, 112, 284, 284, _, _],
  [2, 15, 2, 1, 864, 72, 616, 176, 308, 308, 88, 88, _, _],
  [2, 15, 1, 1, 144, 12, 72, 60, 36, 36, 30, 30, _, _],
  [0, _, 1, 0, 864, 72, _, _, _, _, _, _, 396, 396],
].map(row);

function expectedResult(entry: TableRow) {
  const withDifficulty = entry.difficulty !== null;
  return {
    total_outcomes: entry.total,
    crit_count: entry.crit,
    success_count: entry.success,
    failure_count: entry.failure,
    outcome_counts: withDifficulty
      ? [
          { outcome: "CRITICAL_SUCCESS", count: entry.crit },
          { outcome: "SUCCESS_WITH_HOPE", count: entry.successHope },
          { outcome: "SUCCESS_WITH_FEAR", count: entry.successFear },
          { outcome: "FAILURE_WITH_HOPE", count: entry.failureHope },
          { outcome: "FAILURE_WITH_FEAR", count: entry.failureFear },
        ]
      : [
          { outcome: "CRITICAL_SUCCESS", count: entry.crit },
          { outcome: "ROLL_WITH_HOPE", count: entry.rollHope },
          { outcome: "ROLL_WITH_FEAR", count: entry.rollFear },
        ],
  };
}

function inputOf(entry: TableRow) {
  return {
    modifier: entry.modifier,
    difficulty: entry.difficulty ?? undefined,
    advantage: entry.advantage,
    disadvantage: entry.disadvantage,
  };
}

describe("computeActionProbability", () => {
  it("gives the counts of docs/duality.md §3.5's example", () => {
    expect(computeActionProbability({ modifier: 2, difficulty: 15 })).toEqual({
      total_outcomes: 144,
      crit_count: 12,
      success_count: 72,
      failure_count: 60,
      outcome_counts: [
        { outcome: "CRITICAL_SUCCESS", count: 12 },
        { outcome: "SUCCESS_WITH_HOPE", count: 36 },
        { outcome: "SUCCESS_WITH_FEAR", count: 36 },
        { outcome: "FAILURE_WITH_HOPE", count: 30 },
        { outcome: "FAILURE_WITH_FEAR", count: 30 },
      ],
    });
  });

  it.each(EXACT_COUNT_TABLE)(
    "matches row mod $modifier diff $difficulty adv $advantage dis $disadvantage of the §4 table",
    (entry) => {
      expect(computeActionProbability(inputOf(entry))).toEqual(expectedResult(entry));
    },
  );

  it.each(EXACT_COUNT_TABLE)(
    "row mod $modifier diff $difficulty adv $advantage dis $disadvantage agrees with brute force",
    (entry) => {
      const { total, counts } = referenceCounts(
        entry.modifier,
        entry.difficulty,
        entry.advantage,
        entry.disadvantage,
      );
      const result = computeActionProbability(inputOf(entry));
      expect(result.total_outcomes).toBe(total);
      for (const { outcome, count } of result.outcome_counts) {
        expect(count).toBe(counts.get(outcome) ?? 0);
      }
    },
  );

  it("equals a brute-force enumeration through evaluateActionOutcome", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (modifier, difficulty, advantage, disadvantage) => {
          const tally = new Map<string, number>();
          let combinations = 0;
          for (const hope of D12_FACES) {
            for (const fear of D12_FACES) {
              for (const signed of signedDieValues(advantage, disadvantage)) {
                const extra =
                  signed > 0
                    ? { advantage_die: signed }
                    : signed < 0
                      ? { disadvantage_die: -signed }
                      : {};
                const { outcome } = evaluateActionOutcome({
                  hope,
                  fear,
                  modifier,
                  difficulty,
                  ...extra,
                });
                tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
                combinations += 1;
              }
            }
          }
          const result = computeActionProbability({
            modifier,
            difficulty,
            advantage,
            disadvantage,
          });
          expect(result.total_outcomes).toBe(combinations);
          for (const { outcome, count } of result.outcome_counts) {
            expect(count).toBe(tally.get(outcome) ?? 0);
          }
          const listed = result.outcome_counts.reduce((sum, entry) => sum + entry.count, 0);
          expect(listed).toBe(combinations);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("sums crit, success and failure to the total whenever a difficulty is set", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (modifier, difficulty, advantage, disadvantage) => {
          const result = computeActionProbability({
            modifier,
            difficulty,
            advantage,
            disadvantage,
          });
          expect(
            result.crit_count + (result.success_count ?? -1) + (result.failure_count ?? -1),
          ).toBe(result.total_outcomes);
        },
      ),
    );
  });

  it("counts Hope and Fear equally in every band", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (modifier, difficulty, advantage, disadvantage) => {
          const result = computeActionProbability({
            modifier,
            difficulty,
            advantage,
            disadvantage,
          });
          const count = (outcome: string) =>
            result.outcome_counts.find((entry) => entry.outcome === outcome)?.count;
          if (difficulty === undefined) {
            expect(count("ROLL_WITH_HOPE")).toBe(count("ROLL_WITH_FEAR"));
          } else {
            expect(count("SUCCESS_WITH_HOPE")).toBe(count("SUCCESS_WITH_FEAR"));
            expect(count("FAILURE_WITH_HOPE")).toBe(count("FAILURE_WITH_FEAR"));
          }
        },
      ),
    );
  });

  it("without a difficulty depends on neither the modifier nor the extra die, only on whether one is rolled", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (modifier, advantage, disadvantage) => {
          const result = computeActionProbability({ modifier, advantage, disadvantage });
          const scale = advantage === disadvantage ? 1 : 6;
          expect(result).toEqual({
            total_outcomes: 144 * scale,
            crit_count: 12 * scale,
            success_count: null,
            failure_count: null,
            outcome_counts: [
              { outcome: "CRITICAL_SUCCESS", count: 12 * scale },
              { outcome: "ROLL_WITH_HOPE", count: 66 * scale },
              { outcome: "ROLL_WITH_FEAR", count: 66 * scale },
            ],
          });
        },
      ),
    );
  });

  it("cancels advantage against disadvantage one for one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 30 }),
        (advantage, disadvantage, difficulty) => {
          const net = advantage - disadvantage;
          const reduced = {
            advantage: net > 0 ? 1 : 0,
            disadvantage: net < 0 ? 1 : 0,
          };
          expect(computeActionProbability({ difficulty, advantage, disadvantage })).toEqual(
            computeActionProbability({ difficulty, ...reduced }),
          );
        },
      ),
    );
  });

  it("refuses a negative difficulty", () => {
    expect(() => computeActionProbability({ difficulty: -1 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "difficulty" }),
    );
  });
});
