import { describe, expect, it } from "vitest";
import { DUALITY_OUTCOMES, meetsDifficulty, selectOutcome } from "../../src/engine/outcome.js";

describe("selectOutcome", () => {
  it.each([
    { hope: 7, fear: 7, has: true, meets: false, expected: "CRITICAL_SUCCESS" },
    { hope: 7, fear: 7, has: false, meets: false, expected: "CRITICAL_SUCCESS" },
    { hope: 9, fear: 2, has: false, meets: false, expected: "ROLL_WITH_HOPE" },
    { hope: 2, fear: 9, has: false, meets: false, expected: "ROLL_WITH_FEAR" },
    { hope: 9, fear: 2, has: true, meets: true, expected: "SUCCESS_WITH_HOPE" },
    { hope: 2, fear: 9, has: true, meets: true, expected: "SUCCESS_WITH_FEAR" },
    { hope: 9, fear: 2, has: true, meets: false, expected: "FAILURE_WITH_HOPE" },
    { hope: 2, fear: 9, has: true, meets: false, expected: "FAILURE_WITH_FEAR" },
  ])("gives $expected for hope $hope, fear $fear, difficulty $has, met $meets", (row) => {
    expect(selectOutcome(row.hope, row.fear, row.has, row.meets)).toBe(row.expected);
  });

  it("keeps the canonical order of docs/duality.md §1", () => {
    expect(DUALITY_OUTCOMES).toEqual([
      "ROLL_WITH_HOPE",
      "ROLL_WITH_FEAR",
      "SUCCESS_WITH_HOPE",
      "SUCCESS_WITH_FEAR",
      "FAILURE_WITH_HOPE",
      "FAILURE_WITH_FEAR",
      "CRITICAL_SUCCESS",
    ]);
  });
});

describe("meetsDifficulty", () => {
  it("meets or beats: a total equal to the difficulty meets it", () => {
    expect(meetsDifficulty(15, 15, false)).toBe(true);
    expect(meetsDifficulty(14, 15, false)).toBe(false);
  });

  it("lets a crit meet any difficulty but meets nothing without a difficulty", () => {
    expect(meetsDifficulty(2, 100, true)).toBe(true);
    expect(meetsDifficulty(24, undefined, true)).toBe(false);
  });
});
