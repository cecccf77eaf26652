import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  displayName,
  displayText,
  NAME_ACCEPTS,
  TEXT_ACCEPTS,
} from "../../src/validation/display-text.js";
import { toJsonSchema } from "../../src/validation/json-schema.js";
import { validateArguments } from "../../src/validation/validate-arguments.js";

const schema = z.strictObject({
  name: displayName(z.string().trim().min(1).max(100)),
  notes: displayText(z.string().max(4000)).optional(),
});
const json = toJsonSchema(schema, "input");

function validate(input: unknown) {
  return validateArguments(schema, json, input);
}

/** Bidirectional controls and invisible format characters the security review named. */
const HIDDEN_IN_NAMES = [
  "\u061C",
  "\u200E",
  "\u200F",
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200B",
  "\u200C",
  "\u200D",
  "\u2060",
  "\u2061",
  "\u2062",
  "\u2063",
  "\u2064",
  "\uFEFF",
  "\u00AD",
  "\u180E",
  "\u{E0001}",
  "\u2028",
  "\u0000",
  "\u0007",
  "\n",
  "\t",
  "\u007F",
  "\u0085",
];

describe("displayName", () => {
  it("refuses a right-to-left override, naming the parameter, the character and what is accepted", () => {
    expect(validate({ name: "Bob PC \u202Egnp.exe" })).toEqual({
      ok: false,
      problems: [
        {
          parameter: "name",
          issue: `Contains U+202E (a bidirectional control) at character 8; ${NAME_ACCEPTS}`,
          valid_range: "1-100 characters",
        },
      ],
    });
  });

  it("refuses a zero-width space that makes bob\u200B look like bob", () => {
    const outcome = validate({ name: "bob\u200B" });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems[0]?.issue).toBe(
      `Contains U+200B (an invisible format character) at character 4; ${NAME_ACCEPTS}`,
    );
  });

  it.each(HIDDEN_IN_NAMES.map((character) => [character]))(
    "refuses %j anywhere in a name",
    (character) => {
      expect(validate({ name: `Ab${character}cd` }).ok).toBe(false);
    },
  );

  it("counts the position in characters, not UTF-16 units", () => {
    const outcome = validate({ name: "🐉\u202E" });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems[0]?.issue).toMatch(
      /^Contains U\+202E \(a bidirectional control\) at character 2;/,
    );
  });

  it("accepts names in any script, with accents, symbols and inner spaces", () => {
    for (const name of ["Ælfgifu Þórsdóttir", "محمد", "東方 不敗", "Zoë-Anne O'Neil ⚔"]) {
      expect(validate({ name })).toEqual({ ok: true, value: { name } });
    }
  });

  it("accepts every name without control, format or separator characters", () => {
    const visible = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
      .filter((text) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text) && text.trim().length > 0);
    fc.assert(
      fc.property(visible, (name) => validate({ name }).ok),
      { seed: 28, numRuns: 300 },
    );
  });
});

describe("displayText", () => {
  it("keeps line breaks, tabs and joiners", () => {
    const notes = "Line one\r\n\tLine two 👨\u200D👩\u200D👧 می\u200Cخواهم";
    expect(validate({ name: "Bob", notes })).toEqual({ ok: true, value: { name: "Bob", notes } });
  });

  it.each([["\u202E"], ["\u2066"], ["\u200F"], ["\u061C"], ["\u0000"], ["\u001B"], ["\u0085"]])(
    "refuses %j in free text, saying what text accepts",
    (character) => {
      const outcome = validate({ name: "Bob", notes: `see ${character}here` });
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.problems).toHaveLength(1);
      expect(outcome.problems[0]?.parameter).toBe("notes");
      expect(outcome.problems[0]?.issue).toContain(TEXT_ACCEPTS);
    },
  );
});
