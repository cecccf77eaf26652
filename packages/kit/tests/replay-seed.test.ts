import { describe, expect, it } from "vitest";
import { replaySeedOption } from "../src/replay-seed.js";

describe("replaySeedOption", () => {
  it("accepts 1 to 256 characters, counted as code points", () => {
    expect(replaySeedOption.safeParse("a").success).toBe(true);
    expect(replaySeedOption.safeParse("x".repeat(256)).success).toBe(true);
    // 256 emoji are 512 UTF-16 units but 256 characters.
    expect(replaySeedOption.safeParse("🎲".repeat(256)).success).toBe(true);
    expect(replaySeedOption.safeParse(undefined).success).toBe(true);
  });

  it("refuses an empty seed and one of 257 characters, saying what is accepted", () => {
    for (const seed of ["", "x".repeat(257), "🎲".repeat(257)]) {
      const outcome = replaySeedOption.safeParse(seed);
      expect(outcome.success).toBe(false);
      expect(outcome.error?.issues[0]?.message).toBe("must be 1-256 characters");
    }
  });
});
