import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeControlCharacters } from "../src/control-characters.js";
import { createLogger } from "../src/logger.js";
import { Redactor } from "../src/redaction.js";

/** Everything a log line may not carry raw, as the escaping promises (docs/contract.md §6). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is looked for
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function capture(): { lines: string[]; logger: ReturnType<typeof createLogger> } {
  const lines: string[] = [];
  const logger = createLogger("test", "debug", (line) => lines.push(line), new Redactor());
  return { lines, logger };
}

describe("escaping control characters", () => {
  it("writes newline, carriage return and tab as \\n, \\r and \\t", () => {
    expect(escapeControlCharacters("a\nb\rc\td")).toBe("a\\nb\\rc\\td");
  });

  it("writes the other C0 controls and DEL as \\xHH", () => {
    expect(escapeControlCharacters("\u0000\u0007\u001b[31mred\u001f\u007f")).toBe(
      "\\x00\\x07\\x1b[31mred\\x1f\\x7f",
    );
  });

  it("writes C1 controls as \\xHH", () => {
    expect(escapeControlCharacters("\u0080\u0085\u009b2J\u009f")).toBe("\\x80\\x85\\x9b2J\\x9f");
  });

  it("writes bidirectional overrides, embeddings and isolates as \\uHHHH", () => {
    const bidi = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069";
    expect(escapeControlCharacters(`x${bidi}y`)).toBe(
      "x\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069y",
    );
  });

  it("writes the Unicode line and paragraph separators as \\uHHHH", () => {
    expect(escapeControlCharacters("a\u2028b\u2029c")).toBe("a\\u2028b\\u2029c");
  });

  it("leaves printable text alone, backslashes, accents, emoji and right-to-left letters included", () => {
    const text = 'C:\\dir "quoted" é ü — 🎲 שלום \u200d \u00a0';
    expect(escapeControlCharacters(text)).toBe(text);
  });
});

describe("a log line", () => {
  it("keeps a forged line inside the message, on the one line", () => {
    const { lines, logger } = capture();
    logger.error('[fixture] \r[gateway] error: forged\n{"level":"error"}\u001b[1A\u202e', {
      upstream: "fixture\nsecond",
      count: 3,
    });
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? "";
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(RAW_CONTROL);
    const record = JSON.parse(line) as { message: string; upstream: string; count: number };
    expect(record.message).toBe(
      '[fixture] \\r[gateway] error: forged\\n{"level":"error"}\\x1b[1A\\u202e',
    );
    expect(record.upstream).toBe("fixture\\nsecond");
    expect(record.count).toBe(3);
  });

  it("is one line without a raw control character, whatever the message and fields", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.string({ unit: "binary" }),
        (message, field) => {
          const { lines, logger } = capture();
          logger.warn(message, { field });
          expect(lines).toHaveLength(1);
          const line = lines[0] ?? "";
          expect(line.indexOf("\n")).toBe(line.length - 1);
          expect(line.slice(0, -1)).not.toMatch(RAW_CONTROL);
        },
      ),
      { seed: 28, numRuns: 300 },
    );
  });
});
