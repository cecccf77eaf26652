import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  formatDiagnostic,
  formatSummary,
  sortDiagnostics,
} from "../../src/index.js";

const at = (
  file: string,
  line: number,
  col: number,
  severity: Diagnostic["severity"],
  code: Diagnostic["code"],
): Diagnostic => ({
  severity,
  code,
  message: code,
  span: { file, start_line: line, start_col: col, end_line: line, end_col: col + 1 },
});

describe("sortDiagnostics", () => {
  it("orders by file, line, column, then severity, keeping emission order for ties", () => {
    const emitted = [
      at("b.urd.md", 1, 1, "error", "URD112"),
      at("a.urd.md", 18, 3, "warning", "URD601"),
      at("a.urd.md", 18, 3, "error", "URD401"),
      at("a.urd.md", 17, 1, "warning", "URD432"),
      at("a.urd.md", 18, 3, "warning", "URD604"),
      at("a.urd.md", 18, 1, "info", "URD605"),
      at("B.urd.md", 9, 9, "warning", "URD430"),
    ];
    expect(
      sortDiagnostics(emitted).map(
        (d) => `${d.span.file}:${d.span.start_line}:${d.span.start_col} ${d.code}`,
      ),
    ).toEqual([
      "B.urd.md:9:9 URD430",
      "a.urd.md:17:1 URD432",
      "a.urd.md:18:1 URD605",
      "a.urd.md:18:3 URD401",
      "a.urd.md:18:3 URD601",
      "a.urd.md:18:3 URD604",
      "b.urd.md:1:1 URD112",
    ]);
  });
});

describe("formatting for urd check", () => {
  it("prints file:line:col severity CODE message and a plural summary", () => {
    const diagnostic = at("x.urd.md", 4, 7, "error", "URD301");
    expect(formatDiagnostic({ ...diagnostic, message: "Unresolved entity reference '@x'." })).toBe(
      "x.urd.md:4:7 error URD301 Unresolved entity reference '@x'.",
    );
    expect(
      formatSummary([
        diagnostic,
        at("x", 1, 1, "warning", "URD430"),
        at("x", 1, 1, "info", "URD430"),
      ]),
    ).toBe("1 errors, 1 warnings");
  });
});
