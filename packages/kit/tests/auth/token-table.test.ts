import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTokenTable } from "../../src/auth/token-table.js";

const DIGEST = "a".repeat(64);
const OTHER_DIGEST = "b".repeat(64);

function tableFile(subjects: readonly string[], names: readonly string[] = []): string {
  const file = join(mkdtempSync(join(tmpdir(), "token-table-")), "tokens.json");
  const digests = [DIGEST, OTHER_DIGEST];
  const tokens = subjects.map((sub, index) => ({
    sha256: digests[index],
    sub,
    scopes: [],
    ...(names[index] === undefined ? {} : { name: names[index] }),
  }));
  writeFileSync(file, JSON.stringify({ tokens }));
  return file;
}

/** Subjects that show as someone they are not: what each hides, the subject, the refusal. */
const HIDDEN: readonly [string, string, string][] = [
  ["zero-width space", "bob\u200B", "U+200B (an invisible format character) at character 4"],
  ["right-to-left override", "bob\u202E", "U+202E (a bidirectional control) at character 4"],
  ["left-to-right isolate", "\u2066bob", "U+2066 (a bidirectional control) at character 1"],
  ["soft hyphen", "b\u00ADob", "U+00AD (an invisible format character) at character 2"],
  ["bell", "bob\u0007", "U+0007 (a control character) at character 4"],
  ["line separator", "bob\u2028x", "U+2028 (a line or paragraph separator) at character 4"],
];

describe("loading a token table", () => {
  it.each(["local", "token", "oauth:alice"])(
    "refuses a row whose subject is %s, naming the row",
    (sub) => {
      const file = tableFile(["alice", sub]);
      expect(() => loadTokenTable(file)).toThrow(`${file}: tokens.1.sub is reserved`);
    },
  );

  it.each(HIDDEN)(
    "refuses a row whose subject holds a %s, naming the row, the field and the character",
    (_what, sub, character) => {
      const file = tableFile(["alice", sub]);
      expect(() => loadTokenTable(file)).toThrow(`${file}: tokens.1.sub contains ${character}`);
    },
  );

  it("refuses a row whose name hides a character, naming the row and the field", () => {
    const file = tableFile(["alice", "bob"], ["Alice", "Bob \u202Egnp.exe"]);
    expect(() => loadTokenTable(file)).toThrow(
      `${file}: tokens.1.name contains U+202E (a bidirectional control) at character 5`,
    );
  });

  it("accepts ordinary subjects and names, in any script", () => {
    const rows = loadTokenTable(tableFile(["alice", "Zoë Ørsted-李"], ["Alice", "Zoë 🎲"]));
    expect(rows.map((row) => [row.sub, row.name])).toEqual([
      ["alice", "Alice"],
      ["Zoë Ørsted-李", "Zoë 🎲"],
    ]);
  });
});
