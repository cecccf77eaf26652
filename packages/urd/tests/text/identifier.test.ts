import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { identifierEnd } from "../../src/text/identifier.js";

describe("identifierEnd", () => {
  it("stops where a run of ASCII letters, digits and _ stops", () => {
    expect(identifierEnd("@guard_2.mood", 1)).toBe(8);
    expect(identifierEnd("@.mood", 1)).toBe(1);
    expect(identifierEnd("@gärd", 1)).toBe(2);
    expect(identifierEnd("@abc", 4)).toBe(4);
  });

  it("agrees with the expression [A-Za-z0-9_]* matched from the start index", () => {
    const text = fc.string({
      unit: fc.constantFrom(
        "a",
        "Z",
        "0",
        "9",
        "_",
        " ",
        ".",
        "-",
        "é",
        "@",
        "`",
        "{",
        "/",
        ":",
        "[",
      ),
    });
    fc.assert(
      fc.property(text, fc.nat(), (source, offset) => {
        const start = offset % (source.length + 1);
        const match = /^[A-Za-z0-9_]*/.exec(source.slice(start))?.[0] ?? "";
        expect(identifierEnd(source, start)).toBe(start + match.length);
      }),
    );
  });
});
