import { describe, expect, it } from "vitest";
import { compileFixture, lineSpanOf, readFixture } from "../../helpers/fixtures.js";

// A rule's `where` and `>` body lines are indented, yet what they produce carries the span of the
// whole line, starting at column 1 (docs/urd.md §5.4). Every expected span below is computed from
// the fixture's text, not taken from the compiler.
const file = "authored-rule-body-spans.urd.md";
const source = readFixture(file);
const line = (number: number) => lineSpanOf(file, source, number);
const result = compileFixture(file);

describe("rule body lines (authored-rule-body-spans)", () => {
  it("gives the reads of rule-level and select where-clauses the span of their whole line", () => {
    expect(result.facts?.reads.map((read) => [read.property, read.operator, read.span])).toEqual([
      ["mood", "==", line(18)],
      ["hunger", ">=", line(20)],
    ]);
  });

  it("gives the writes of effect lines the span of their whole line", () => {
    expect(
      result.facts?.writes.map((write) => [write.property, write.operator, write.span]),
    ).toEqual([
      ["mood", "=", line(21)],
      ["hunger", "+", line(22)],
    ]);
  });

  it("keeps the rule's own span from the header's first character to the last body line", () => {
    expect(result.facts?.rules.map((rule) => [rule.rule_id, rule.span])).toEqual([
      ["rex_settles", { ...line(16), end_line: 23, end_col: line(23).end_col }],
    ]);
  });

  it("reports the diagnostics about those reads and writes on the same whole-line spans", () => {
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.message, d.span])).toEqual([
      [
        "URD603",
        "warning",
        "Effect sets 'Hound.mood' to 'howling' but no condition anywhere tests for this variant. The write may have no observable effect.",
        line(21),
      ],
      [
        "URD605",
        "warning",
        "Property 'Hound.mood' may be stuck in a circular dependency. Every effect that writes this property is guarded by a condition that reads it. Without an unguarded write path or a satisfying initial value, the property can never change.",
        line(21),
      ],
      [
        "URD605",
        "warning",
        "Property 'Hound.hunger' may be stuck in a circular dependency. Every effect that writes this property is guarded by a condition that reads it. Without an unguarded write path or a satisfying initial value, the property can never change.",
        line(22),
      ],
      [
        "URD426",
        "warning",
        "Property 'mood' on entity '@rex' is not hidden. Reveal has no effect.",
        line(23),
      ],
    ]);
  });
});
