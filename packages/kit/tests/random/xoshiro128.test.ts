import { describe, expect, it } from "vitest";
import { createXoshiro128StarStar } from "../../src/random/index.js";

function take(count: number, next: () => number): number[] {
  return Array.from({ length: count }, next);
}

describe("xoshiro128**", () => {
  it("produces the reference outputs from state [1, 2, 3, 4]", () => {
    const source = createXoshiro128StarStar([1, 2, 3, 4]);
    expect(take(4, () => source.nextUint32())).toEqual([11520, 0, 5927040, 70819200]);
    expect(source.kind).toBe("seeded");
  });

  it("replaces an all-zero state so the generator is not stuck at zero", () => {
    const zero = createXoshiro128StarStar([0, 0, 0, 0]);
    const one = createXoshiro128StarStar([1, 0, 0, 0]);
    const fromZero = take(3, () => zero.nextUint32());
    expect(fromZero).toEqual(take(3, () => one.nextUint32()));
    expect(fromZero.some((word) => word !== 0)).toBe(true);
  });

  it("leaves the caller's state untouched", () => {
    const state = [1, 2, 3, 4] as const;
    const source = createXoshiro128StarStar(state);
    source.nextUint32();
    source.nextUint32();
    expect(state).toEqual([1, 2, 3, 4]);
  });
});
