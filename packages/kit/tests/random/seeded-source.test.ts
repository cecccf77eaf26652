import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  createSeededSource,
  isReplaySeed,
  MAX_REPLAY_SEED_LENGTH,
  replaySeedLength,
  replaySeedProblem,
  replaySeedState,
} from "../../src/random/index.js";

describe("replaySeedState", () => {
  it("reads the seed 'tabletop' as the published state", () => {
    expect(replaySeedState("tabletop")).toEqual([0xc0477add, 0x924e98c9, 0x2552665d, 0x7a7dac86]);
  });

  it("is the first 16 bytes of SHA-256 of the UTF-8 seed, little-endian", () => {
    const digest = createHash("sha256").update("🎲 dé", "utf8").digest();
    const words = [0, 4, 8, 12].map((offset) => digest.readUInt32LE(offset));
    expect(replaySeedState("🎲 dé")).toEqual(words);
  });
});

describe("createSeededSource", () => {
  it("produces the published outputs for the seed 'tabletop'", () => {
    const source = createSeededSource("tabletop");
    const words = Array.from({ length: 4 }, () => source.nextUint32());
    expect(words).toEqual([3899502165, 2334157818, 2105672425, 2439384089]);
    expect(source.kind).toBe("seeded");
  });

  it("gives two sources of the same seed the same words", () => {
    const first = createSeededSource("replay me");
    const second = createSeededSource("replay me");
    for (let index = 0; index < 100; index++) {
      expect(first.nextUint32()).toBe(second.nextUint32());
    }
  });
});

describe("isReplaySeed", () => {
  it("accepts 1 to 256 characters, counted as code points", () => {
    expect(MAX_REPLAY_SEED_LENGTH).toBe(256);
    expect(isReplaySeed("a")).toBe(true);
    expect(isReplaySeed("x".repeat(256))).toBe(true);
    // 256 emoji are 512 UTF-16 units but 256 characters.
    expect(replaySeedLength("🎲".repeat(256))).toBe(256);
    expect(isReplaySeed("🎲".repeat(256))).toBe(true);
  });

  it("refuses an empty seed and one of 257 characters", () => {
    expect(isReplaySeed("")).toBe(false);
    expect(isReplaySeed("x".repeat(257))).toBe(false);
    expect(isReplaySeed("🎲".repeat(257))).toBe(false);
  });
});

describe("replaySeedProblem", () => {
  it("says nothing of a good seed and names the length of a bad one", () => {
    expect(replaySeedProblem("tabletop")).toBeUndefined();
    expect(replaySeedProblem("")).toBe("A replay seed must be 1-256 characters, received 0");
    expect(replaySeedProblem("🎲".repeat(257))).toBe(
      "A replay seed must be 1-256 characters, received 257",
    );
  });
});
