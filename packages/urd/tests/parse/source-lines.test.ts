import { describe, expect, it } from "vitest";
import { DiagnosticList } from "../../src/diagnostics/diagnostic-list.js";
import { readSourceLines } from "../../src/parse/source-lines.js";

describe("readSourceLines", () => {
  it("splits on newlines and removes one trailing carriage return per line", () => {
    const diagnostics = new DiagnosticList();
    const lines = readSourceLines("f", "a\r\nb\r\r\nc", diagnostics);
    expect(lines.map((line) => line.raw)).toEqual(["a", "b\r", "c"]);
    expect(lines.map((line) => line.number)).toEqual([1, 2, 3]);
  });

  it("measures indentation levels by pairs of spaces, rounded down", () => {
    const lines = readSourceLines("f", "x\n y\n  z\n     w", new DiagnosticList());
    expect(lines.map((line) => [line.indent, line.level])).toEqual([
      [0, 0],
      [1, 0],
      [2, 1],
      [5, 2],
    ]);
  });

  it("measures byte lengths in UTF-8", () => {
    const [line] = readSourceLines("f", "a—b", new DiagnosticList());
    expect(line?.bytes).toBe(5);
  });

  it("reports each tab once at its byte column and counts an indenting tab as two spaces", () => {
    const diagnostics = new DiagnosticList();
    const lines = readSourceLines("f", "\tprose\tmore\n—\tx\n \t \n", diagnostics);
    expect(lines[0]?.level).toBe(1);
    expect(lines[0]?.rest).toBe("prose more");
    expect(
      diagnostics.items.map((d) => [d.code, d.span.start_line, d.span.start_col, d.span.end_col]),
    ).toEqual([
      ["URD102", 1, 1, 2],
      ["URD102", 1, 7, 8],
      ["URD102", 2, 4, 5],
    ]);
    expect(diagnostics.items[0]?.message).toBe(
      "Tab character found at line 1, column 1. Use exactly two spaces per indent level.",
    );
  });
});
