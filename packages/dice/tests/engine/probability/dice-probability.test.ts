import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeDiceProbability,
  type DiceProbabilityArguments,
  type DiceProbabilityResult,
  respondToDiceProbability,
  validateDiceProbability,
} from "../../../src/engine/probability/dice-probability.js";
import { planProbability } from "../../../src/engine/probability/total-distribution.js";
import type { RollDiceParams } from "../../../src/engine/roll-dice-params.js";
import { rollDiceParamsArbitrary } from "../support/arbitraries.js";
import { exactTotal, toFloat } from "../support/exact-reference.js";

function compute(args: DiceProbabilityArguments): DiceProbabilityResult {
  const validation = validateDiceProbability(args);
  if (!validation.ok) expect.fail(JSON.stringify(validation.problems));
  return computeDiceProbability(validation.value).result;
}

function atLeast(result: DiceProbabilityResult, value: number): number {
  return result.at_least?.find((entry) => entry.value === value)?.p ?? Number.NaN;
}

function expectMatchesBruteForce(params: RollDiceParams): void {
  const exact = exactTotal(params);
  const result = compute({ ...params, at_least: [...exact.weights.keys()].slice(0, 50) });
  let mean = 0;
  for (const [total, weight] of exact.weights) {
    const p = toFloat(weight, exact.denominator);
    mean += total * p;
    const listed = result.distribution?.find((row) => row.value === total)?.p;
    if (listed !== undefined) expect(Math.abs(listed - p)).toBeLessThan(1e-12);
  }
  for (const entry of result.at_least ?? []) {
    let tail = 0n;
    for (const [total, weight] of exact.weights) if (total >= entry.value) tail += weight;
    expect(Math.abs(entry.p - toFloat(tail, exact.denominator))).toBeLessThan(1e-12);
  }
  expect(Math.abs(result.mean - mean)).toBeLessThan(1e-9);
  const listedMass = (result.distribution ?? []).reduce((sum, row) => sum + row.p, 0);
  if (result.distribution !== undefined) expect(Math.abs(listedMass - 1)).toBeLessThan(1e-12);
}

describe("dice_probability test vectors (docs/dice.md §9)", () => {
  it("gives 4d6kh3 its counts out of 1296, mean, stddev and P(>=15)", () => {
    const result = compute({ dice_count: 4, dice_sides: 6, keep_highest: 3, at_least: [15] });
    const counts = [1, 4, 10, 21, 38, 62, 91, 122, 148, 167, 172, 160, 131, 94, 54, 21];
    expect(result.distribution?.map((row) => row.value)).toEqual(
      counts.map((_, index) => index + 3),
    );
    result.distribution?.forEach((row, index) => {
      expect(Math.abs(row.p - (counts[index] as number) / 1296)).toBeLessThan(1e-12);
    });
    expect(Math.abs(result.mean - 15869 / 1296)).toBeLessThan(1e-12);
    expect(result.stddev).toBeCloseTo(2.8468444, 7);
    expect(Math.abs(atLeast(result, 15) - 25 / 108)).toBeLessThan(1e-12);
    expect([result.min, result.max]).toEqual([3, 18]);
  });

  it("gives 2d20kh1 mean 13.825 and P(>=15) = 0.51", () => {
    const result = compute({ dice_count: 2, dice_sides: 20, keep_highest: 1, at_least: [15] });
    expect(Math.abs(result.mean - 13.825)).toBeLessThan(1e-12);
    expect(Math.abs(atLeast(result, 15) - 0.51)).toBeLessThan(1e-12);
  });

  it("gives 3d6 mean 10.5, stddev 2.9580399 and P(>=10) = 0.625", () => {
    const result = compute({ dice_count: 3, dice_sides: 6, at_least: [10] });
    expect(Math.abs(result.mean - 10.5)).toBeLessThan(1e-12);
    expect(result.stddev).toBeCloseTo(2.9580399, 7);
    expect(Math.abs(atLeast(result, 10) - 0.625)).toBeLessThan(1e-12);
    expect(result.percentiles).toEqual({ p5: 6, p25: 8, p50: 10, p75: 13, p95: 15 });
  });

  it("gives 1d6 rerolling 1s and 2s a mean of 25/6", () => {
    const result = compute({ dice_count: 1, dice_sides: 6, reroll: [1, 2] });
    expect(Math.abs(result.mean - 25 / 6)).toBeLessThan(1e-12);
  });

  it("gives 1d6! mean 4.2 and P(>=8) = 5/36, with the capped chain as maximum", () => {
    const result = compute({ dice_count: 1, dice_sides: 6, exploding: true, at_least: [8] });
    expect(Math.abs(result.mean - 4.2)).toBeLessThan(1e-12);
    expect(Math.abs(atLeast(result, 8) - 5 / 36)).toBeLessThan(1e-12);
    expect([result.min, result.max]).toEqual([1, 606]);
    expect(result.distribution).toBeUndefined();
  });

  it("gives 5d10 target 8 the binomial success counts", () => {
    const result = compute({ dice_count: 5, dice_sides: 10, target_number: 8 });
    const expected = [0.16807, 0.36015, 0.3087, 0.1323, 0.02835, 0.00243];
    result.successes?.distribution.forEach((row, index) => {
      expect(row.count).toBe(index);
      expect(Math.abs(row.p - (expected[index] as number))).toBeLessThan(1e-12);
    });
    expect(result.successes?.distribution).toHaveLength(6);
    expect(Math.abs(result.mean - 1.5)).toBeLessThan(1e-12);
  });

  it("gives 5d10 target 8 keeping the highest 2 P(2) = 0.47178", () => {
    const result = compute({ dice_count: 5, dice_sides: 10, target_number: 8, keep_highest: 2 });
    expect(Math.abs((result.successes?.distribution[2]?.p ?? 0) - 0.47178)).toBeLessThan(1e-12);
    expect([result.min, result.max]).toEqual([0, 2]);
  });
});

describe("dice_probability against exact brute-force enumeration", () => {
  it.each<RollDiceParams>([
    { dice_count: 4, dice_sides: 6, keep_lowest: 2, modifier: -3 },
    { dice_count: 5, dice_sides: 4, drop_highest: 2 },
    { dice_count: 5, dice_sides: 4, drop_lowest: 1, reroll: [1] },
    { dice_count: 3, dice_sides: 8, min_value: 3, keep_highest: 2 },
    { dice_count: 4, dice_sides: 6, target_number: 5, keep_lowest: 3, modifier: 1 },
    { dice_count: 1, dice_sides: 6, exploding: true },
    { dice_count: 2, dice_sides: 3, exploding: true, keep_highest: 1 },
    { dice_count: 2, dice_sides: 4, exploding: true, target_number: 5, drop_lowest: 1 },
    { dice_count: 1, dice_sides: 10, exploding: true, min_value: 3, reroll: [10] },
    { dice_count: 2, dice_sides: 2, exploding: true, keep_lowest: 1, modifier: 2 },
  ])("agrees within 1e-12 for %j", (params) => {
    expectMatchesBruteForce(params);
  });

  it("agrees within 1e-12 for random configurations without explosions (s^N <= 10^5)", () => {
    const small = rollDiceParamsArbitrary(6, 12).filter(
      (params) =>
        params.exploding === undefined && params.dice_sides ** params.dice_count <= 100_000,
    );
    fc.assert(
      fc.property(small, (params) => expectMatchesBruteForce(params)),
      { numRuns: 40 },
    );
  });
});

describe("dice_probability bounds", () => {
  it.each<[string, RollDiceParams, number]>([
    ["100d100", { dice_count: 100, dice_sides: 100 }, 5e7],
    ["1000d6", { dice_count: 1000, dice_sides: 6 }, 1.5e7],
    ["10d6!", { dice_count: 10, dice_sides: 6, exploding: true }, 1.5e7],
  ])(
    "estimates the work of %s near n²·W·V/2 (docs/dice.md §9.3) and allows it",
    (_, params, figure) => {
      const work = planProbability(params).estimatedWork;
      expect(work / figure).toBeGreaterThan(0.9);
      expect(work / figure).toBeLessThan(1.1);
      expect(validateDiceProbability(params).ok).toBe(true);
    },
  );

  it("rejects 1000d100 and 4d100!kh3 on dice_count with the step estimate", () => {
    expect(validateDiceProbability({ dice_count: 1000, dice_sides: 100 })).toEqual({
      ok: false,
      problems: [
        {
          parameter: "dice_count",
          issue:
            "Exact computation would take about 4900000000 steps (limit 200000000); use fewer dice or fewer sides",
        },
      ],
    });
    const keep = validateDiceProbability({
      dice_count: 4,
      dice_sides: 100,
      exploding: true,
      keep_highest: 3,
    });
    expect(keep.ok).toBe(false);
  });

  it("computes 1000d6kh3 cheaply: keep/drop work depends on k, not n", () => {
    const result = compute({ dice_count: 1000, dice_sides: 6, keep_highest: 3 });
    expect(result.distribution?.at(-1)?.value).toBe(18);
    expect((result.distribution?.at(-1)?.p ?? 0) > 0.99).toBe(true);
  });

  it("checks each at_least threshold as an integer within ten million", () => {
    expect(
      validateDiceProbability({ dice_count: 2, dice_sides: 6, at_least: [1, 2.5, -10000001] }),
    ).toEqual({
      ok: false,
      problems: [
        {
          parameter: "at_least[1]",
          issue: "Expected an integer, received 2.5",
          valid_range: "-10000000-10000000",
        },
        {
          parameter: "at_least[2]",
          issue: "Value -10000001 is below minimum allowed (-10000000)",
          valid_range: "-10000000-10000000",
        },
      ],
    });
  });

  it("answers with exact-method metadata", () => {
    const response = respondToDiceProbability(
      { dice_count: 2, dice_sides: 6 },
      "2025-01-01T00:00:00.000Z",
    );
    if (!response.ok) expect.fail(JSON.stringify(response.problems));
    expect(response.value.metadata).toEqual({
      parameters: { dice_count: 2, dice_sides: 6 },
      method: "exact",
      explosion_cap: 100,
      work: 1 * 6 + 6 * 6,
      timestamp: "2025-01-01T00:00:00.000Z",
    });
  });
});
