import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileFile, UrdError } from "../src/index.js";
import { fixturesDirectory, lines } from "./helpers/fixtures.js";

describe("compileFile", () => {
  const scratch = mkdtempSync(join(tmpdir(), "urd-compile-file-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("reads the entry file and its imports from disk", () => {
    const result = compileFile(join(fixturesDirectory, "interrogation", "main.urd.md"));
    expect(result.success).toBe(true);
    expect(result.diagnostics.map((d) => [d.code, d.span.file, d.span.start_line])).toEqual([
      ["URD601", "main.urd.md", 23],
    ]);
    expect(result.world?.dialogue?.["main/approach"]?.id).toBe("main/approach");
  });

  it("throws FILE_UNREADABLE when the entry file cannot be read", () => {
    const missing = join(scratch, "absent.urd.md");
    expect(() => compileFile(missing)).toThrow(UrdError);
    try {
      compileFile(missing);
    } catch (error) {
      expect(error instanceof UrdError && error.code).toBe("FILE_UNREADABLE");
    }
  });

  it("reports an imported file with invalid UTF-8 as URD212", () => {
    writeFileSync(join(scratch, "main.urd.md"), lines("---", "import: ./bad.urd.md", "---"));
    writeFileSync(join(scratch, "bad.urd.md"), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    const result = compileFile(join(scratch, "main.urd.md"));
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["URD212", "File contains invalid UTF-8: './bad.urd.md'."],
    ]);
  });

  it("reports an import that is a directory as an I/O error", () => {
    writeFileSync(
      join(scratch, "dir-import.urd.md"),
      lines("---", "import: ./folder.urd.md", "---"),
    );
    mkdirSync(join(scratch, "folder.urd.md"));
    const result = compileFile(join(scratch, "dir-import.urd.md"));
    expect(result.diagnostics.map((d) => d.code)).toEqual(["URD214"]);
  });
});
