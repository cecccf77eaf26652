import { describe, expect, it } from "vitest";
import {
  createXoshiro128StarStar,
  seedStateFromString,
} from "../../src/engine/xoshiro128-star-star.js";

describe("the generator re-exported from the kit", () => {
  it("replays the dice.md §7 vector for the seed tabletop", () => {
    const next = createXoshiro128StarStar(seedStateFromString("tabletop"));
    expect([next(), next(), next(), next()]).toEqual([
      3899502165, 2334157818, 2105672425, 2439384089,
    ]);
  });
});

describe("seedStateFromString", () => {
  it("reads the first 16 bytes of SHA-256 as little-endian words (dice.md §7 vector)", () => {
    expect(seedStateFromString("tabletop")).toEqual([
      0xc0477add, 0x924e98c9, 0x2552665d, 0x7a7dac86,
    ]);
  });

  it("accepts 256 characters and refuses an empty seed or 257 characters", () => {
    expect(seedStateFromString("x".repeat(256))).toHaveLength(4);
    expect(() => seedStateFromString("")).toThrow(
      expect.objectContaining({ code: "INVALID_SEED" }),
    );
    expect(() => seedStateFromString("x".repeat(257))).toThrow(
      expect.objectContaining({ code: "INVALID_SEED" }),
    );
  });

  it("counts characters, not UTF-16 units, against the length limit", () => {
    expect(seedStateFromString("🎲".repeat(256))).toHaveLength(4);
  });
});
