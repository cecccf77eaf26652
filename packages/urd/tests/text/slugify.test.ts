import { describe, expect, it } from "vitest";
import { slugify } from "../../src/text/slugify.js";

describe("slugify", () => {
  it.each([
    ["The Rusty Anchor", "the-rusty-anchor"],
    ["Ask about the harbor!", "ask-about-the-harbor"],
    ["foo - - bar", "foo-bar"],
    ["Room_B", "roomb"],
    ["!!!", ""],
    ["  Leading and trailing  ", "leading-and-trailing"],
    ["Café Noir 2", "caf-noir-2"],
    ["--a--b--", "a-b"],
  ])("turns %j into %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });
});
