import { describe, expect, it } from "vitest";
import { compact } from "../../src/arrays/compact.js";

describe("compact", () => {
  it("keeps the items of a pushed list, in order, in a new array", () => {
    const pushed: number[] = [];
    for (const item of [3, 1, 2]) pushed.push(item);
    const compacted = compact(pushed);
    expect(compacted).toEqual([3, 1, 2]);
    expect(compacted).not.toBe(pushed);
  });

  it("returns an empty list as it is", () => {
    const empty: string[] = [];
    expect(compact(empty)).toBe(empty);
  });
});
