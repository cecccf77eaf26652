import { describe, expect, it } from "vitest";
import { rollCheckedDie } from "../../src/engine/die-roller.js";
import { DualityError } from "../../src/engine/duality-error.js";

describe("rollCheckedDie", () => {
  it("passes a legal face through and asks for the right die", () => {
    const asked: number[] = [];
    expect(
      rollCheckedDie((sides) => {
        asked.push(sides);
        return sides;
      }, 12),
    ).toBe(12);
    expect(asked).toEqual([12]);
  });

  it.each([0, 7, 2.5, Number.NaN])("refuses %s from a d6 roller as an invalid die roll", (face) => {
    const call = () => rollCheckedDie(() => face, 6);
    expect(call).toThrow(DualityError);
    expect(call).toThrow(expect.objectContaining({ code: "INVALID_DIE_ROLL" }));
  });
});
