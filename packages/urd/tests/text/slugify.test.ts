import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "../../src/text/slugify.js";

/**
 * The documented rule, one character at a time: ASCII letters lowercased and digits kept,
 * space and `-` separate, everything else is dropped; separators collapse and never lead or trail.
 */
function slugByCharacter(text: string): string {
  const words: string[] = [];
  let word = "";
  for (const character of text) {
    if (character === " " || character === "-") {
      if (word !== "") words.push(word);
      word = "";
    } else if (/^[A-Z]$/.test(character)) {
      word += String.fromCharCode(character.charCodeAt(0) + 32);
    } else if (/^[a-z0-9]$/.test(character)) {
      word += character;
    }
  }
  if (word !== "") words.push(word);
  return words.join("-");
}

/** Characters that exercise every branch, including non-ASCII letters that lowercase to ASCII. */
const tricky = fc.constantFrom(
  " ",
  "-",
  "a",
  "Z",
  "7",
  "_",
  "!",
  "\t",
  "é",
  "É",
  "\u212A", // KELVIN SIGN: lowercases to ASCII "k", yet is not an ASCII letter
  "\u0130", // LATIN CAPITAL I WITH DOT: lowercases to "i" plus a combining dot
  "\u{1F600}",
);

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
    ["\u212Aelvin \u0130stanbul", "elvin-stanbul"],
    ["a\u00A0b", "ab"],
  ])("turns %j into %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("follows the rule character by character on any text", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.array(tricky).map((a) => a.join("")),
    );
    fc.assert(
      fc.property(text, (input) => slugify(input) === slugByCharacter(input)),
      {
        numRuns: 2000,
      },
    );
  });
});
