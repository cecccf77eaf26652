import { describe, expect, it } from "vitest";
import {
  createXoshiro128StarStar,
  MAX_REPLAY_SEED_LENGTH,
  replaySeedLength,
  replaySeedState,
} from "../src/replay.js";

describe("the replay generator (dice.md §7 test vectors)", () => {
  it("produces the reference outputs from state [1, 2, 3, 4]", () => {
    const next = createXoshiro128StarStar([1, 2, 3, 4]);
    expect([next(), next(), next(), next()]).toEqual([11520, 0, 5927040, 70819200]);
  });

  it("derives the state of seed 'tabletop' from SHA-256, little-endian", () => {
    expect(replaySeedState("tabletop")).toEqual([0xc0477add, 0x924e98c9, 0x2552665d, 0x7a7dac86]);
  });

  it("produces the reference outputs for seed 'tabletop'", () => {
    const next = createXoshiro128StarStar(replaySeedState("tabletop"));
    expect([next(), next(), next(), next()]).toEqual([
      3899502165, 2334157818, 2105672425, 2439384089,
    ]);
  });

  it("replaces an all-zero state so the generator is not stuck at zero", () => {
    const zero = createXoshiro128StarStar([0, 0, 0, 0]);
    const one = createXoshiro128StarStar([1, 0, 0, 0]);
    const fromZero = [zero(), zero(), zero()];
    expect(fromZero).toEqual([one(), one(), one()]);
    expect(fromZero.some((word) => word !== 0)).toBe(true);
  });

  it("leaves the caller's state untouched", () => {
    const state = [1, 2, 3, 4] as const;
    const next = createXoshiro128StarStar(state);
    next();
    next();
    expect(state).toEqual([1, 2, 3, 4]);
  });

  it("counts seed length in code points, with 256 the limit", () => {
    expect(MAX_REPLAY_SEED_LENGTH).toBe(256);
    expect(replaySeedLength("🎲".repeat(256))).toBe(256);
    expect("🎲".repeat(256).length).toBe(512);
  });
});
