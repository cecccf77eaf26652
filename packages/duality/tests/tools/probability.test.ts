import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceCounts } from "../engine/reference-rules.js";
import { type Connection, callOk, connectInMemory } from "../harness.js";

type Row = [
  modifier: number,
  difficulty: number | null,
  advantage: number,
  disadvantage: number,
  total: number,
  crit: number,
  success: number | null,
  failure: number | null,
  successWithHope: number,
  successWithFear: number,
  failureWithHope: number,
  failureWithFear: number,
  rollWithHope: number,
  rollWithFear: number,
];

/** docs/duality.md §4, row for row (the R columns only matter without a difficulty). */
const TABLE: Row[] = [
  [-2, null, 0, 0, 144, 12, null, null, 0, 0, 0, 0, 66, 66],
  [-2, 10, 0, 0, 144, 12, 82, 50, 41, 41, 25, 25, 0, 0],
  [-2, 15, 0, 0, 144, 12, 32, 100, 16, 16, 50, 50, 0, 0],
  [-2, 20, 0, 0, 144, 12, 4, 128, 2, 2, 64, 64, 0, 0],
  [0, null, 0, 0, 144, 12, null, null, 0, 0, 0, 0, 66, 66],
  [0, 10, 0, 0, 144, 12, 100, 32, 50, 50, 16, 16, 0, 0],
  [0, 15, 0, 0, 144, 12, 50, 82, 25, 25, 41, 41, 0, 0],
  [0, 20, 0, 0, 144, 12, 12, 120, 6, 6, 60, 60, 0, 0],
  [2, null, 0, 0, 144, 12, null, null, 0, 0, 0, 0, 66, 66],
  [2, 10, 0, 0, 144, 12, 114, 18, 57, 57, 9, 9, 0, 0],
  [2, 15, 0, 0, 144, 12, 72, 60, 36, 36, 30, 30, 0, 0],
  [2, 20, 0, 0, 144, 12, 24, 108, 12, 12, 54, 54, 0, 0],
  [5, null, 0, 0, 144, 12, null, null, 0, 0, 0, 0, 66, 66],
  [5, 10, 0, 0, 144, 12, 128, 4, 64, 64, 2, 2, 0, 0],
  [5, 15, 0, 0, 144, 12, 100, 32, 50, 50, 16, 16, 0, 0],
  [5, 20, 0, 0, 144, 12, 50, 82, 25, 25, 41, 41, 0, 0],
  [0, 0, 0, 0, 144, 12, 132, 0, 66, 66, 0, 0, 0, 0],
  [0, 30, 0, 0, 144, 12, 0, 132, 0, 0, 66, 66, 0, 0],
  [0, 10, 1, 0, 864, 72, 724, 68, 362, 362, 34, 34, 0, 0],
  [0, 10, 0, 1, 864, 72, 396, 396, 198, 198, 198, 198, 0, 0],
  [0, 15, 1, 0, 864, 72, 514, 278, 257, 257, 139, 139, 0, 0],
  [0, 15, 0, 1, 864, 72, 134, 658, 67, 67, 329, 329, 0, 0],
  [2, 10, 1, 0, 864, 72, 766, 26, 383, 383, 13, 13, 0, 0],
  [2, 10, 0, 1, 864, 72, 514, 278, 257, 257, 139, 139, 0, 0],
  [2, 15, 1, 0, 864, 72, 616, 176, 308, 308, 88, 88, 0, 0],
  [2, 15, 0, 1, 864, 72, 224, 568, 112, 112, 284, 284, 0, 0],
  [2, 15, 2, 1, 864, 72, 616, 176, 308, 308, 88, 88, 0, 0],
  [2, 15, 1, 1, 144, 12, 72, 60, 36, 36, 30, 30, 0, 0],
  [0, null, 1, 0, 864, 72, null, null, 0, 0, 0, 0, 396, 396],
];

function expectedResult(row: Row) {
  const [, difficulty, , , total, crit, success, failure, sh, sf, fh, ff, rh, rf] = row;
  const outcomeCounts =
    difficulty === null
      ? [
          { outcome: "CRITICAL_SUCCESS", count: crit },
          { outcome: "ROLL_WITH_HOPE", count: rh },
          { outcome: "ROLL_WITH_FEAR", count: rf },
        ]
      : [
          { outcome: "CRITICAL_SUCCESS", count: crit },
          { outcome: "SUCCESS_WITH_HOPE", count: sh },
          { outcome: "SUCCESS_WITH_FEAR", count: sf },
          { outcome: "FAILURE_WITH_HOPE", count: fh },
          { outcome: "FAILURE_WITH_FEAR", count: ff },
        ];
  return {
    total_outcomes: total,
    crit_count: crit,
    success_count: success,
    failure_count: failure,
    outcome_counts: outcomeCounts,
  };
}

function argumentsOf(row: Row): Record<string, number> {
  const [modifier, difficulty, advantage, disadvantage] = row;
  return {
    modifier,
    ...(difficulty === null ? {} : { difficulty }),
    ...(advantage === 0 ? {} : { advantage }),
    ...(disadvantage === 0 ? {} : { disadvantage }),
  };
}

describe("duality_probability", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await connectInMemory();
  });
  afterAll(() => connection.close());

  it("gives docs/duality.md §3.5's counts for modifier 2, difficulty 15", async () => {
    expect(
      await callOk(connection.client, "duality_probability", { modifier: 2, difficulty: 15 }),
    ).toEqual({
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

  it.each(TABLE.map((row) => [JSON.stringify(argumentsOf(row)), row] as const))(
    "matches docs/duality.md §4 for %s",
    async (_label, row) => {
      const result = await callOk(connection.client, "duality_probability", argumentsOf(row));
      expect(result).toEqual(expectedResult(row));
    },
  );

  it("sums crit, success and failure to the total and matches brute-force enumeration", async () => {
    for (const [advantage, disadvantage] of [
      [0, 0],
      [3, 0],
      [0, 10],
    ] as const) {
      for (const modifier of [-7, 0, 4]) {
        for (const difficulty of [0, 8, 13, 19, 26]) {
          const result = (await callOk(connection.client, "duality_probability", {
            modifier,
            difficulty,
            advantage,
            disadvantage,
          })) as ReturnType<typeof expectedResult>;
          const reference = referenceCounts(modifier, difficulty, advantage, disadvantage);
          expect(result.total_outcomes).toBe(reference.total);
          expect(
            result.crit_count + (result.success_count ?? 0) + (result.failure_count ?? 0),
          ).toBe(result.total_outcomes);
          for (const { outcome, count } of result.outcome_counts) {
            expect(count).toBe(reference.counts.get(outcome as never) ?? 0);
          }
        }
      }
    }
  });
});
