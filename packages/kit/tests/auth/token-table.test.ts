import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadTokenTable } from "../../src/auth/token-table.js";

const DIGEST = "a".repeat(64);
const OTHER_DIGEST = "b".repeat(64);

function tableFile(subjects: readonly string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), "token-table-")), "tokens.json");
  const digests = [DIGEST, OTHER_DIGEST];
  const tokens = subjects.map((sub, index) => ({ sha256: digests[index], sub, scopes: [] }));
  writeFileSync(file, JSON.stringify({ tokens }));
  return file;
}

describe("loading a token table", () => {
  it.each(["local", "token", "oauth:alice"])(
    "refuses a row whose subject is %s, naming the row",
    (sub) => {
      const file = tableFile(["alice", sub]);
      expect(() => loadTokenTable(file)).toThrow(`${file}: tokens.1.sub is reserved`);
    },
  );

  it("accepts ordinary subjects", () => {
    const rows = loadTokenTable(tableFile(["alice", "bob"]));
    expect(rows.map((row) => row.sub)).toEqual(["alice", "bob"]);
  });
});
