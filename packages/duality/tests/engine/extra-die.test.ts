import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { netExtraDie } from "../../src/engine/extra-die.js";

describe("netExtraDie", () => {
  it("gives no die when nothing is declared", () => {
    expect(netExtraDie({})).toBe("none");
  });

  it("cancels sources one for one and keeps only the sign of the difference", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 }), fc.nat({ max: 10 }), (advantage, disadvantage) => {
        const expected =
          advantage > disadvantage
            ? "advantage"
            : advantage < disadvantage
              ? "disadvantage"
              : "none";
        expect(netExtraDie({ advantage, disadvantage })).toBe(expected);
      }),
    );
  });

  it("refuses a negative or fractional count", () => {
    expect(() => netExtraDie({ disadvantage: -2 })).toThrow(
      expect.objectContaining({ code: "OUT_OF_RANGE", parameter: "disadvantage" }),
    );
    expect(() => netExtraDie({ advantage: 1.5 })).toThrow(
      expect.objectContaining({ code: "NOT_AN_INTEGER", parameter: "advantage" }),
    );
  });
});
