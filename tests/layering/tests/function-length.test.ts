import { describe, expect, it } from "vitest";
import { type LongFunction, longFunctions, MAX_FUNCTION_LINES } from "./function-length.js";
import { parseSource, workspaceSources } from "./source-scan.js";

// A function that needs more than a screen is several functions: each part gets a name.

/**
 * Functions longer than the limit that were written before it, by `file: name`. The list only
 * shrinks: one that is split must leave it, and no function may join it. It is empty now.
 */
const OLDER_THAN_THE_LIMIT: string[] = [];

/** A function of `lines` lines in all: its signature, `lines - 2` statements, its brace. */
function functionOf(lines: number, head: string): string {
  const body = Array.from({ length: lines - 2 }, (_, index) => `  step(${index});`);
  return [`${head} {`, ...body, "}"].join("\n");
}

describe("the function length limit", () => {
  it("finds a function one line too long however it is written, and passes one at the limit", () => {
    const text = [
      functionOf(MAX_FUNCTION_LINES, "function fits()"),
      functionOf(MAX_FUNCTION_LINES + 1, "function declared()"),
      `class Session {\n${functionOf(MAX_FUNCTION_LINES + 1, "  method()")}\n}`,
      `const arrow = ${functionOf(MAX_FUNCTION_LINES + 1, "() =>")};`,
    ].join("\n");
    const found = longFunctions(parseSource("sample.ts", text));
    expect(found.map((long) => [long.name, long.lines])).toEqual([
      ["declared", MAX_FUNCTION_LINES + 1],
      ["Session.method", MAX_FUNCTION_LINES + 1],
      ["arrow", MAX_FUNCTION_LINES + 1],
    ]);
  });

  it("holds in every package's and app's sources", () => {
    const sources = workspaceSources();
    expect(sources.length).toBeGreaterThan(100);
    const found = sources.flatMap((source) => longFunctions(source.source));
    const isOlder = (long: LongFunction) =>
      OLDER_THAN_THE_LIMIT.includes(`${long.file}: ${long.name}`);
    const newer = found.filter((long) => !isOlder(long));
    expect(
      newer.map((long) => `${long.file}:${long.line}: ${long.name} (${long.lines} lines)`),
    ).toEqual([]);
    const older = found.filter(isOlder);
    expect(older.map((long) => `${long.file}: ${long.name}`)).toEqual(OLDER_THAN_THE_LIMIT);
  });
});
