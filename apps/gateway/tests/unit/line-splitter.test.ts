import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineSplitter } from "../../src/upstreams/line-splitter.js";

const MIB = 1_048_576;

/** Feeds every chunk and gathers the lines, failing the test on an unexpected overflow. */
function splitAll(splitter: LineSplitter, chunks: readonly Buffer[]): string[] {
  const lines: string[] = [];
  for (const chunk of chunks) {
    const result = splitter.push(chunk);
    expect(result.tooLong).toBe(false);
    lines.push(...result.lines);
  }
  return lines;
}

describe("a long line arriving in many chunks", () => {
  it("costs one look at each byte, not one look per chunk at everything so far", () => {
    const chunkBytes = 4096;
    const chunkCount = 2048;
    const splitter = new LineSplitter(16 * MIB);
    const chunk = Buffer.alloc(chunkBytes, "x");
    for (let index = 0; index < chunkCount; index++) {
      expect(splitter.push(chunk)).toEqual({ lines: [], tooLong: false });
    }
    const last = splitter.push(Buffer.from("y\n"));
    const lineBytes = chunkBytes * chunkCount + 1;
    expect(last.lines).toHaveLength(1);
    expect(last.lines[0]?.length).toBe(lineBytes);
    // Rescanning the buffer on every chunk would look at about chunkCount² × chunkBytes / 2
    // bytes (8.6 billion here); each byte once is the line plus its newline.
    expect(splitter.scannedBytes).toBe(lineBytes + 1);
  });

  it("scans many short lines in one chunk once too", () => {
    const splitter = new LineSplitter(1024);
    const text = "ab\n".repeat(10_000);
    expect(splitAll(splitter, [Buffer.from(text)])).toHaveLength(10_000);
    expect(splitter.scannedBytes).toBe(text.length);
  });
});

describe("line boundaries", () => {
  it("are found wherever the chunks are cut, multi-byte characters and \\r\\n included", () => {
    const line = fc
      .string({ unit: "grapheme", maxLength: 20 })
      .map((text) => text.replace(/[\r\n]/g, ""));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (lines, crlf, cuts) => {
          const bytes = Buffer.from(lines.map((text) => `${text}${crlf ? "\r\n" : "\n"}`).join(""));
          const positions = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const chunks: Buffer[] = [];
          let from = 0;
          for (const position of [...positions, bytes.length]) {
            chunks.push(bytes.subarray(from, position));
            from = position;
          }
          expect(splitAll(new LineSplitter(MIB), chunks)).toEqual(lines);
        },
      ),
    );
  });
});

describe("the line limit", () => {
  it("accepts a line of exactly the limit and refuses one byte more", () => {
    const exact = new LineSplitter(10);
    expect(exact.push(Buffer.from("0123456789\n"))).toEqual({
      lines: ["0123456789"],
      tooLong: false,
    });
    const over = new LineSplitter(10);
    expect(over.push(Buffer.from("0123456789A\n")).tooLong).toBe(true);
  });

  it("refuses a line as soon as its unfinished part passes the limit", () => {
    const splitter = new LineSplitter(1000);
    expect(splitter.push(Buffer.alloc(600, "x")).tooLong).toBe(false);
    const result = splitter.push(Buffer.alloc(600, "x"));
    expect(result.tooLong).toBe(true);
    expect(splitter.scannedBytes).toBe(1200);
  });

  it("still hands over the lines a chunk completed before the one that was too long", () => {
    const splitter = new LineSplitter(5);
    expect(splitter.push(Buffer.from("ok\nmuch too long"))).toEqual({
      lines: ["ok"],
      tooLong: true,
    });
  });
});
