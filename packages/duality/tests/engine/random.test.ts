import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CRYPTO_POOL_SIZE,
  createCryptoWordSource,
  createDieRoller,
  createRandomDieRoller,
  createSeededWordSource,
} from "../../src/engine/random.js";

function scriptedWords(words: readonly number[]): { next: () => number; used: () => number } {
  let index = 0;
  return {
    next: () => {
      const word = words[index++];
      if (word === undefined) throw new Error("the script ran out of words");
      return word;
    },
    used: () => index,
  };
}

function chiSquare(counts: readonly number[], expected: number): number {
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe("createDieRoller", () => {
  it("rolls 4d6 from the seed tabletop as dice.md §7 pins: 4, 1, 2, 6", () => {
    const roll = createDieRoller(createSeededWordSource("tabletop"));
    expect([roll(6), roll(6), roll(6), roll(6)]).toEqual([4, 1, 2, 6]);
  });

  it("rolls five d20 from a fresh tabletop generator as dice.md §7 pins: 6, 19, 6, 10, 16", () => {
    const roll = createDieRoller(createSeededWordSource("tabletop"));
    expect([roll(20), roll(20), roll(20), roll(20), roll(20)]).toEqual([6, 19, 6, 10, 16]);
  });

  it("rejects a word at the limit and takes the next one: limit then 0 gives face 1", () => {
    // For a d12, 2^32 mod 12 = 4, so the limit is 2^32 - 4.
    const words = scriptedWords([2 ** 32 - 4, 0]);
    expect(createDieRoller(words.next)(12)).toBe(1);
    expect(words.used()).toBe(2);
  });

  it("accepts the last word below the limit as the top face", () => {
    const words = scriptedWords([2 ** 32 - 5]);
    expect(createDieRoller(words.next)(12)).toBe(12);
  });

  it("rolls a d1 without consuming a word", () => {
    const words = scriptedWords([]);
    expect(createDieRoller(words.next)(1)).toBe(1);
    expect(words.used()).toBe(0);
  });

  it("never produces 0 or sides + 1, whatever the words", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.nat({ max: 2 ** 32 - 1 }), { minLength: 1, maxLength: 8 }),
        (sides, words) => {
          // Append a zero so a run of rejected words still ends.
          const roll = createDieRoller(scriptedWords([...words, 0]).next);
          const face = roll(sides);
          expect(face).toBeGreaterThanOrEqual(1);
          expect(face).toBeLessThanOrEqual(sides);
        },
      ),
    );
  });

  it("refuses a die with no sides", () => {
    expect(() => createDieRoller(() => 0)(0)).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "sides" }),
    );
  });

  it.each([12, 6])("spreads 60,000 seeded d%i faces evenly (chi-square, p > 0.001)", (sides) => {
    const roll = createDieRoller(createSeededWordSource(`uniformity d${sides}`));
    const counts = new Array<number>(sides).fill(0);
    const rolls = 60_000;
    for (let index = 0; index < rolls; index++) {
      const face = roll(sides);
      counts[face - 1] = (counts[face - 1] ?? 0) + 1;
    }
    // Critical chi-square values at p = 0.001: 31.264 for 11 degrees of freedom, 20.515 for 5.
    const critical = sides === 12 ? 31.264 : 20.515;
    expect(chiSquare(counts, rolls / sides)).toBeLessThan(critical);
  });
});

describe("createCryptoWordSource", () => {
  it("gives unsigned 32-bit words and refills with fresh ones after the pool runs out", () => {
    const next = createCryptoWordSource();
    const words = Array.from({ length: 2 * CRYPTO_POOL_SIZE }, next);
    for (const word of words) {
      expect(Number.isInteger(word) && word >= 0 && word < 2 ** 32).toBe(true);
    }
    expect(words.slice(CRYPTO_POOL_SIZE)).not.toEqual(words.slice(0, CRYPTO_POOL_SIZE));
  });
});

describe("createRandomDieRoller", () => {
  it("replays the same dice for the same seed", () => {
    const first = createRandomDieRoller("replay me");
    const second = createRandomDieRoller("replay me");
    const faces = (roll: (sides: number) => number) => Array.from({ length: 20 }, () => roll(12));
    expect(faces(first)).toEqual(faces(second));
  });

  it("without a seed shows every face of a d12 and nothing else over many rolls", () => {
    const roll = createRandomDieRoller();
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index++) seen.add(roll(12));
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("refuses an empty seed", () => {
    expect(() => createRandomDieRoller("")).toThrow(
      expect.objectContaining({ code: "INVALID_SEED" }),
    );
  });
});
