import { describe, expect, it } from "vitest";
import { display } from "../../src/text/display.js";

describe("display", () => {
  it("trims a short line", () => {
    expect(display("   just some words  ")).toBe("just some words");
  });

  it("keeps a line of exactly 60 characters", () => {
    const line = "x".repeat(60);
    expect(display(line)).toBe(line);
  });

  it("cuts a longer line to 57 characters and an ellipsis", () => {
    expect(display("y".repeat(61))).toBe(`${"y".repeat(57)}...`);
  });

  it("counts characters, not UTF-16 units", () => {
    const line = "😀".repeat(61);
    expect(display(line)).toBe(`${"😀".repeat(57)}...`);
  });
});
