import { describe, expect, it } from "vitest";
import {
  createScriptedSource,
  createSeededSource,
  rejectionLimit,
  rollFace,
} from "../../src/random/index.js";

const TWO_TO_THE_32 = 2 ** 32;

describe("rejectionLimit", () => {
  it("is 2^32 minus 2^32 mod sides", () => {
    // 2^32 = 4 mod 6, = 96 mod 100, = 4 mod 12, and a multiple of 2.
    expect(rejectionLimit(6)).toBe(TWO_TO_THE_32 - 4);
    expect(rejectionLimit(100)).toBe(TWO_TO_THE_32 - 96);
    expect(rejectionLimit(12)).toBe(TWO_TO_THE_32 - 4);
    expect(rejectionLimit(2)).toBe(TWO_TO_THE_32);
  });

  it.each([0, -1, 2.5, Number.NaN, TWO_TO_THE_32 + 1])("refuses a die of %s sides", (sides) => {
    expect(() => rejectionLimit(sides)).toThrow(RangeError);
  });
});

describe("rollFace", () => {
  it("rejects a word equal to the limit, then yields face 1 from word 0", () => {
    for (const sides of [3, 6, 7, 10, 12, 100]) {
      const source = createScriptedSource([rejectionLimit(sides), 0]);
      expect(rollFace(source, sides)).toBe(1);
      expect(source.consumed).toBe(2);
    }
  });

  it("maps the largest accepted word to the top face", () => {
    expect(rollFace(createScriptedSource([TWO_TO_THE_32 - 5]), 12)).toBe(12);
    expect(rollFace(createScriptedSource([rejectionLimit(6) - 1]), 6)).toBe(6);
  });

  it("consumes no word for a d1", () => {
    const source = createScriptedSource([]);
    expect(rollFace(source, 1)).toBe(1);
    expect(source.consumed).toBe(0);
  });

  it("rolls 4d6 as 4, 1, 2, 6 and five d20 as 6, 19, 6, 10, 16 under the seed 'tabletop'", () => {
    const sixes = createSeededSource("tabletop");
    expect([1, 2, 3, 4].map(() => rollFace(sixes, 6))).toEqual([4, 1, 2, 6]);
    const twenties = createSeededSource("tabletop");
    expect([1, 2, 3, 4, 5].map(() => rollFace(twenties, 20))).toEqual([6, 19, 6, 10, 16]);
  });
});
