import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createCryptoSource,
  createScriptedSource,
  createSeededSource,
  type RandomSource,
  rejectionLimit,
  rollFace,
} from "../../src/random/index.js";
import { chiSquareCritical001, chiSquareStatistic } from "./chi-square.js";

function faceCounts(source: RandomSource, sides: number, rolls: number): Uint32Array {
  const counts = new Uint32Array(sides);
  for (let i = 0; i < rolls; i++) {
    const face = rollFace(source, sides);
    counts[face - 1] = (counts[face - 1] as number) + 1;
  }
  return counts;
}

describe("chi-square uniformity at p = 0.001", () => {
  it("reproduces published chi-square table values at p = 0.001", () => {
    expect(chiSquareCritical001(1)).toBeCloseTo(10.828, 2);
    expect(chiSquareCritical001(2)).toBeCloseTo(13.816, 2);
    expect(chiSquareCritical001(5)).toBeCloseTo(20.515, 2);
    expect(chiSquareCritical001(99)).toBeCloseTo(148.23, 1);
  });

  // With the crypto source these two tests reject a fair die with probability 0.001 each,
  // which is the meaning of the significance level.
  it.each([6, 100])("does not reject 600,000 crypto rolls of a d%i", (sides) => {
    const counts = faceCounts(createCryptoSource(), sides, 600_000);
    expect(chiSquareStatistic(counts, 600_000)).toBeLessThan(chiSquareCritical001(sides - 1));
  });

  it.each([6, 100])("does not reject 600,000 seeded rolls of a d%i", (sides) => {
    const counts = faceCounts(createSeededSource(`uniformity d${sides}`), sides, 600_000);
    expect(chiSquareStatistic(counts, 600_000)).toBeLessThan(chiSquareCritical001(sides - 1));
  });

  it("passes 60,000 seeded faces for every die size from 2 to 100", () => {
    const source = createSeededSource("every die size");
    const failures: number[] = [];
    for (let sides = 2; sides <= 100; sides++) {
      const counts = faceCounts(source, sides, 60_000);
      if (chiSquareStatistic(counts, 60_000) >= chiSquareCritical001(sides - 1))
        failures.push(sides);
    }
    expect(failures).toEqual([]);
  });
});

describe("rejection sampling properties", () => {
  it("never produces 0 or sides + 1 for any word", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1 }),
        (sides, words) => {
          const accepted = [...words, 0];
          const face = rollFace(createScriptedSource(accepted), sides);
          return face >= 1 && face <= sides;
        },
      ),
    );
  });

  it("skips any word at or above the limit and uses the next accepted word", () => {
    const sidesWithRejections = fc
      .integer({ min: 3, max: 100 })
      .filter((sides) => rejectionLimit(sides) < 0x100000000);
    fc.assert(
      fc.property(
        sidesWithRejections,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: 0xffffffff }),
        (sides, where, accepted) => {
          const limit = rejectionLimit(sides);
          const rejected = Math.min(0xffffffff, limit + Math.floor(where * (0x100000000 - limit)));
          fc.pre(accepted < limit);
          const source = createScriptedSource([rejected, accepted]);
          return rollFace(source, sides) === (accepted % sides) + 1 && source.consumed === 2;
        },
      ),
    );
  });

  it("yields face 1 after one rejection from the script limit, 0", () => {
    for (let sides = 2; sides <= 100; sides++) {
      const limit = rejectionLimit(sides);
      if (limit === 0x100000000) continue;
      const source = createScriptedSource([limit, 0]);
      expect(rollFace(source, sides)).toBe(1);
      expect(source.consumed).toBe(2);
    }
  });
});
