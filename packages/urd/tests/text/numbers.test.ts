import { describe, expect, it } from "vitest";
import { isInteger64, isNumberLiteral } from "../../src/text/numbers.js";

describe("number literals", () => {
  it("accepts integers that fit in 64 bits and refuses larger ones", () => {
    expect(isInteger64("9223372036854775807")).toBe(true);
    expect(isInteger64("-9223372036854775808")).toBe(true);
    expect(isInteger64("9223372036854775808")).toBe(false);
    expect(isInteger64("+7")).toBe(true);
    expect(isInteger64("7.0")).toBe(false);
  });

  it("accepts decimal and exponent numbers", () => {
    for (const text of ["1.5", "-0.25", ".5", "5.", "1e5", "2.5E-3", "42"]) {
      expect(isNumberLiteral(text)).toBe(true);
    }
    for (const text of ["", "1.2.3", "e5", "abc", "1e"]) expect(isNumberLiteral(text)).toBe(false);
  });
});
