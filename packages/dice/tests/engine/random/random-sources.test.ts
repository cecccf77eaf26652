import { describe, expect, it } from "vitest";
import { createCryptoSource } from "../../../src/engine/random/crypto-source.js";
import { rejectionLimit, rollFace } from "../../../src/engine/random/roll-face.js";
import { createScriptedSource } from "../../../src/engine/random/scripted-source.js";
import {
  createSeededSource,
  createXoshiro128StarStar,
  seedToState,
} from "../../../src/engine/random/xoshiro128.js";

describe("xoshiro128** (dice.md §7 test vectors)", () => {
  it("produces the reference outputs from state [1, 2, 3, 4]", () => {
    const source = createXoshiro128StarStar([1, 2, 3, 4]);
    const outputs = [
      source.nextUint32(),
      source.nextUint32(),
      source.nextUint32(),
      source.nextUint32(),
    ];
    expect(outputs).toEqual([11520, 0, 5927040, 70819200]);
  });

  it("derives the state of seed 'tabletop' from SHA-256", () => {
    expect(seedToState("tabletop")).toEqual([0xc0477add, 0x924e98c9, 0x2552665d, 0x7a7dac86]);
  });

  it("produces the reference outputs for seed 'tabletop'", () => {
    const source = createSeededSource("tabletop");
    const outputs = [
      source.nextUint32(),
      source.nextUint32(),
      source.nextUint32(),
      source.nextUint32(),
    ];
    expect(outputs).toEqual([3899502165, 2334157818, 2105672425, 2439384089]);
    expect(source.kind).toBe("seeded");
  });

  it("rolls 4d6 as 4, 1, 2, 6 for seed 'tabletop'", () => {
    const source = createSeededSource("tabletop");
    expect([1, 2, 3, 4].map(() => rollFace(source, 6))).toEqual([4, 1, 2, 6]);
  });

  it("rolls five d20 as 6, 19, 6, 10, 16 for seed 'tabletop'", () => {
    const source = createSeededSource("tabletop");
    expect([1, 2, 3, 4, 5].map(() => rollFace(source, 20))).toEqual([6, 19, 6, 10, 16]);
  });

  it("replaces an all-zero state so the generator is not stuck at zero", () => {
    const zero = createXoshiro128StarStar([0, 0, 0, 0]);
    const one = createXoshiro128StarStar([1, 0, 0, 0]);
    const fromZero = [zero.nextUint32(), zero.nextUint32(), zero.nextUint32()];
    const fromOne = [one.nextUint32(), one.nextUint32(), one.nextUint32()];
    expect(fromZero).toEqual(fromOne);
    expect(fromZero.some((word) => word !== 0)).toBe(true);
  });

  it("rejects an empty seed and one longer than 256 characters", () => {
    expect(() => createSeededSource("")).toThrow(expect.objectContaining({ code: "INVALID_SEED" }));
    expect(() => createSeededSource("x".repeat(257))).toThrow(
      expect.objectContaining({ code: "INVALID_SEED" }),
    );
    expect(() => createSeededSource("x".repeat(256))).not.toThrow();
  });
});

describe("rollFace rejection sampling", () => {
  it("computes the limit as 2^32 minus 2^32 mod sides", () => {
    expect(rejectionLimit(6)).toBe(4294967296 - 4);
    expect(rejectionLimit(100)).toBe(4294967296 - 96);
    expect(rejectionLimit(2)).toBe(4294967296);
  });

  it("rejects a word equal to the limit and then yields face 1 from word 0", () => {
    for (const sides of [3, 6, 7, 10, 100]) {
      const source = createScriptedSource([rejectionLimit(sides), 0]);
      expect(rollFace(source, sides)).toBe(1);
      expect(source.consumed).toBe(2);
    }
  });

  it("maps the largest accepted word to the top face", () => {
    const source = createScriptedSource([rejectionLimit(6) - 1]);
    expect(rollFace(source, 6)).toBe(6);
  });

  it("consumes no randomness for a d1", () => {
    const source = createScriptedSource([]);
    expect(rollFace(source, 1)).toBe(1);
    expect(source.consumed).toBe(0);
  });

  it("reports an exhausted script as a typed error", () => {
    const source = createScriptedSource([0]);
    rollFace(source, 6);
    expect(() => rollFace(source, 6)).toThrow(
      expect.objectContaining({ code: "SCRIPT_EXHAUSTED" }),
    );
  });
});

describe("crypto source", () => {
  it("reports itself as crypto and yields unsigned 32-bit integers across pool refills", () => {
    const source = createCryptoSource();
    expect(source.kind).toBe("crypto");
    for (let i = 0; i < 3000; i++) {
      const word = source.nextUint32();
      expect(Number.isInteger(word) && word >= 0 && word <= 0xffffffff).toBe(true);
    }
  });
});
