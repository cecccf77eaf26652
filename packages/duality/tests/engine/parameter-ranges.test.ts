import { describe, expect, it } from "vitest";
import { PARAMETER_RANGES, REQUEST_ID_LENGTH } from "../../src/engine/parameter-ranges.js";

describe("PARAMETER_RANGES", () => {
  it("holds the ranges of docs/duality.md §2.1 and §5.3", () => {
    expect(PARAMETER_RANGES).toEqual({
      hope: { min: 1, max: 12 },
      fear: { min: 1, max: 12 },
      modifier: { min: -100, max: 100 },
      difficulty: { min: 0, max: 100 },
      advantage: { min: 0, max: 10 },
      disadvantage: { min: 0, max: 10 },
      advantage_die: { min: 1, max: 6 },
      disadvantage_die: { min: 1, max: 6 },
      damage: { min: -1000, max: 10000 },
      major_threshold: { min: 0, max: 1000 },
      severe_threshold: { min: 0, max: 1000 },
    });
    expect(REQUEST_ID_LENGTH).toEqual({ min: 1, max: 128 });
  });
});
