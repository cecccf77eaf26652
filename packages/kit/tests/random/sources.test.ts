import { describe, expect, it } from "vitest";
import {
  CRYPTO_POOL_WORDS,
  createCryptoSource,
  createScriptedSource,
} from "../../src/random/index.js";

describe("createCryptoSource", () => {
  it("gives unsigned 32-bit words and fresh ones after the pool is used up", () => {
    const source = createCryptoSource();
    const words = Array.from({ length: 2 * CRYPTO_POOL_WORDS }, () => source.nextUint32());
    for (const word of words)
      expect(Number.isInteger(word) && word >= 0 && word < 2 ** 32).toBe(true);
    expect(words.slice(CRYPTO_POOL_WORDS)).not.toEqual(words.slice(0, CRYPTO_POOL_WORDS));
    expect(source.kind).toBe("crypto");
  });
});

describe("createScriptedSource", () => {
  it("hands out its words in order as unsigned integers and counts them", () => {
    const source = createScriptedSource([5, -1], "seeded");
    expect([source.nextUint32(), source.nextUint32()]).toEqual([5, 2 ** 32 - 1]);
    expect(source.consumed).toBe(2);
    expect(source.kind).toBe("seeded");
  });

  it("throws once its words are used up", () => {
    const source = createScriptedSource([0]);
    source.nextUint32();
    expect(() => source.nextUint32()).toThrow(RangeError);
    expect(() => source.nextUint32()).toThrow("The scripted source ran out after 1 words");
  });
});
