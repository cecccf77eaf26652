import { describe, expect, it } from "vitest";
import { callOk, connectInMemory } from "../harness.js";

interface ProbabilityBody {
  result: {
    operation: string;
    min: number;
    max: number;
    mean: number;
    stddev: number;
    distribution?: { value: number; p: number; p_at_least: number }[];
    at_least?: { value: number; p: number }[];
    successes?: { distribution: { count: number; p: number }[] };
  };
  metadata: { method: string; explosion_cap: number; parameters: unknown };
}

async function odds(args: Record<string, unknown>): Promise<ProbabilityBody> {
  const connection = await connectInMemory();
  const body = await callOk(connection.client, "dice_probability", args);
  await connection.close();
  return body as unknown as ProbabilityBody;
}

describe("dice_probability", () => {
  it("gives 4d6kh3's exact distribution (docs/dice.md §9.4 reference values)", async () => {
    const counts = [1, 4, 10, 21, 38, 62, 91, 122, 148, 167, 172, 160, 131, 94, 54, 21];
    const body = await odds({ dice_count: 4, dice_sides: 6, keep_highest: 3, at_least: [15] });
    expect(body.result).toMatchObject({ operation: "4d6kh3", min: 3, max: 18 });
    expect(body.result.distribution?.map((row) => row.value)).toEqual(
      counts.map((_, index) => index + 3),
    );
    body.result.distribution?.forEach((row, index) => {
      expect(row.p).toBeCloseTo((counts[index] ?? 0) / 1296, 12);
    });
    expect(body.result.mean).toBeCloseTo(15869 / 1296, 12);
    expect(body.result.stddev).toBeCloseTo(2.8468444, 6);
    expect(body.result.at_least?.[0]?.value).toBe(15);
    expect(body.result.at_least?.[0]?.p).toBeCloseTo(25 / 108, 12);
    expect(body.metadata).toMatchObject({ method: "exact", explosion_cap: 100 });
  });

  it("gives advantage on a d20 a mean of 13.825 and P(>= 15) = 0.51", async () => {
    const body = await odds({ dice_count: 2, dice_sides: 20, keep_highest: 1, at_least: [15] });
    expect(body.result.mean).toBeCloseTo(13.825, 12);
    expect(body.result.at_least?.[0]?.p).toBeCloseTo(0.51, 12);
  });

  it("gives an exploding d6 a mean of 4.2 and P(>= 8) = 5/36", async () => {
    const body = await odds({ dice_count: 1, dice_sides: 6, exploding: true, at_least: [8] });
    expect(body.result.mean).toBeCloseTo(4.2, 12);
    expect(body.result.at_least?.[0]?.p).toBeCloseTo(5 / 36, 12);
    expect(body.result.max).toBe(606);
  });

  it("gives 5d10 against 8 the binomial success counts", async () => {
    const expected = [0.16807, 0.36015, 0.3087, 0.1323, 0.02835, 0.00243];
    const body = await odds({ dice_count: 5, dice_sides: 10, target_number: 8 });
    const distribution = body.result.successes?.distribution ?? [];
    expect(distribution.map((row) => row.count)).toEqual([0, 1, 2, 3, 4, 5]);
    distribution.forEach((row, index) => {
      expect(row.p).toBeCloseTo(expected[index] ?? Number.NaN, 12);
    });
  });
});
