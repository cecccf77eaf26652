import { describe, expect, it } from "vitest";
import {
  boundText,
  UPSTREAM_TEXT_BYTES,
  wholeCharacterEnd,
} from "../../src/upstreams/bounded-text.js";

describe("bounding a text", () => {
  it("leaves a text that fits unchanged", () => {
    expect(boundText("short")).toBe("short");
    const exact = "z".repeat(UPSTREAM_TEXT_BYTES);
    expect(boundText(exact)).toBe(exact);
    expect(boundText("€€€", 9)).toBe("€€€");
  });

  it("keeps the first bytes and counts the rest", () => {
    expect(boundText("z".repeat(UPSTREAM_TEXT_BYTES + 1))).toBe(
      `${"z".repeat(UPSTREAM_TEXT_BYTES)}… (1 more bytes)`,
    );
    expect(boundText("x".repeat(16 * 1024 * 1024), 8192)).toBe(
      `${"x".repeat(8192)}… (${16 * 1024 * 1024 - 8192} more bytes)`,
    );
  });

  it("cuts between characters of UTF-8", () => {
    expect(boundText("€€€", 8)).toBe("€€… (3 more bytes)");
    expect(boundText("a🎲🎲", 4)).toBe("a… (8 more bytes)");
    expect(boundText("a🎲🎲", 6)).toBe("a🎲… (4 more bytes)");
    expect(boundText("ab🎲", 6)).toBe("ab🎲");
  });
});

describe("the end of whole characters", () => {
  it("moves a cut inside a character back to its start", () => {
    const bytes = Buffer.from("a€b");
    expect([0, 1, 2, 3, 4, 5].map((end) => wholeCharacterEnd(bytes, end))).toEqual([
      0, 1, 1, 1, 4, 5,
    ]);
  });
});
