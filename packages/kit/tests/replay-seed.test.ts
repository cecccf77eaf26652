import { describe, expect, it } from "vitest";
import { replaySeedFlag, replaySeedOption, seedOnlyServerOptions } from "../src/replay-seed.js";

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

describe("replaySeedFlag", () => {
  const flag = replaySeedFlag("EXAMPLE_SEED", "a replay seed");

  it("is --seed S, read from the given variable", () => {
    expect(flag).toMatchObject({ name: "seed", value: "S", env: "EXAMPLE_SEED" });
  });

  it("accepts 1 to 256 characters counted as code points, and names the count it refuses", () => {
    const parse = flag.parse;
    if (!parse) throw new Error("no parser");
    expect(parse("🎲".repeat(256))).toBe("🎲".repeat(256));
    expect(() => parse("")).toThrow("must be 1-256 characters (got 0)");
    expect(() => parse("🎲".repeat(257))).toThrow("must be 1-256 characters (got 257)");
  });
});

describe("seedOnlyServerOptions", () => {
  it("takes an optional replay seed and nothing else", () => {
    expect(seedOnlyServerOptions.safeParse({}).success).toBe(true);
    expect(seedOnlyServerOptions.safeParse({ seed: "tabletop" }).data).toEqual({
      seed: "tabletop",
    });
    expect(seedOnlyServerOptions.safeParse({ seed: "" }).success).toBe(false);
    expect(seedOnlyServerOptions.safeParse({ seed: "x", port: 1 }).error?.issues[0]?.code).toBe(
      "unrecognized_keys",
    );
  });
});
