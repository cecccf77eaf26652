import { describe, expect, it } from "vitest";
import { StderrLines } from "../../src/upstreams/stderr-lines.js";

const KIB = 1024;

function pushAll(lines: StderrLines, chunks: readonly (string | Buffer)[]): string[] {
  return chunks.flatMap((chunk) => lines.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
}

describe("stderr lines", () => {
  it("splits lines across chunks and drops the newline and a trailing carriage return", () => {
    const lines = new StderrLines();
    expect(pushAll(lines, ["first\r\nsec", "ond\n", "\n", "third"])).toEqual([
      "first",
      "second",
      "",
    ]);
    expect(lines.end()).toEqual(["third"]);
    expect(lines.end()).toEqual([]);
  });

  it("keeps the first 8 KiB of a long line and counts the rest", () => {
    const lines = new StderrLines();
    const chunk = Buffer.alloc(64 * KIB, "x");
    const chunks = Array.from({ length: 256 }, () => chunk);
    expect(pushAll(lines, [...chunks, "\r\nnext\n"])).toEqual([
      `${"x".repeat(8 * KIB)}… (${16 * 1024 * KIB - 8 * KIB} more bytes)`,
      "next",
    ]);
  });

  it("holds no more than its limit of text that never ends in a newline", () => {
    const lines = new StderrLines(100);
    const chunk = Buffer.alloc(KIB, "y");
    for (let index = 0; index < 24 * KIB; index++) expect(lines.push(chunk)).toEqual([]);
    expect(lines.end()).toEqual([`${"y".repeat(100)}… (${24 * KIB * KIB - 100} more bytes)`]);
  });

  it("cuts between characters, counting the bytes of a character the limit would split", () => {
    const lines = new StderrLines(7);
    expect(lines.push(Buffer.from("ab€€€\n"))).toEqual(["ab€… (6 more bytes)"]);
    expect(lines.push(Buffer.from("a🎲🎲\n"))).toEqual(["a🎲… (4 more bytes)"]);
  });

  it("passes a line of exactly the limit whole", () => {
    const lines = new StderrLines(5);
    expect(lines.push(Buffer.from("12345\r\n123456\n"))).toEqual([
      "12345",
      "12345… (1 more bytes)",
    ]);
  });
});
