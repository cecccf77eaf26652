import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/index.js";
import { readFixture } from "../helpers/fixtures.js";
import { allSpans, spanProblem } from "./spans.js";

const fileName = "fuzz.urd.md";

function checkCompiles(source: string): void {
  const result = compile(source, { fileName });
  for (const span of allSpans(result)) {
    const problem = spanProblem(span, fileName, source);
    if (problem !== null) throw new Error(`${problem}: ${JSON.stringify(span)}`);
  }
  expect(result.success).toBe(!result.diagnostics.some((d) => d.severity === "error"));
  if (result.world !== null) expect(result.success).toBe(true);
}

const fragments = [
  "---",
  "world:",
  "  name: Fuzz",
  "  start: room",
  "types:",
  "  T [portable, container]:",
  "    n: int(0, 5) = 1",
  "    m: enum(a, b) = a",
  "    ~h: string",
  "entities:",
  "  @e: T { n: 2 }",
  "  @f: T",
  "# Room",
  "# Other",
  "## Seq",
  "### Phase (auto)",
  "== s",
  "== t",
  "@e: Hello.",
  "@e waves.",
  "-> north: Other",
  "-> south: Room",
  "-> s",
  "-> exit:north",
  "-> end",
  "? @e.n >= 1",
  "? @e.m == c",
  "? @e in player",
  "? s.exhausted",
  "? any:",
  "> @e.n + 1",
  "> @e.m = b",
  "> move @e -> @f",
  "> reveal @e.h",
  "> destroy @f",
  "* Choice",
  "+ Sticky",
  "* Go -> @e",
  "! Blocked.",
  "[@e, @f]",
  "// comment",
  "rule r:",
  "  actor: @e action act",
  "  selects x from [@e, @f]",
  "    where x.n == 1",
  "  > x.n = 2",
  "Prose.",
  "#Bad",
  "?odd",
  "@Cap: no",
  "",
  "\t",
  "—",
  "*   ",
];

const indentedLine = fc
  .tuple(fc.integer({ min: 0, max: 10 }), fc.constantFrom(...fragments), fc.boolean())
  .map(([indent, text, tab]) => `${tab ? "\t" : ""}${" ".repeat(indent)}${text}`);

const fixtureNames = [
  "locked-garden.urd.md",
  "sunken-citadel.urd.md",
  "authored-dialogue-features.urd.md",
  "authored-link-errors.urd.md",
  "authored-validate-errors.urd.md",
  "monty-hall.urd.md",
];

type Mutation =
  | { kind: "delete"; at: number }
  | { kind: "duplicate"; at: number }
  | { kind: "swap"; at: number; with: number }
  | { kind: "indent"; at: number; by: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "splice"; at: number; column: number; text: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
  fc.record({
    kind: fc.constant("indent" as const),
    at: fc.nat(),
    by: fc.integer({ min: -4, max: 6 }),
  }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.constantFrom(...fragments),
  }),
  fc.record({
    kind: fc.constant("splice" as const),
    at: fc.nat(),
    column: fc.nat(),
    text: fc.string({ maxLength: 4 }),
  }),
);

function mutate(source: string, mutations: readonly Mutation[]): string {
  const lines = source.split("\n");
  for (const change of mutations) {
    if (lines.length === 0) lines.push("");
    const at = change.at % lines.length;
    const line = lines[at] ?? "";
    switch (change.kind) {
      case "delete":
        lines.splice(at, 1);
        break;
      case "duplicate":
        lines.splice(at, 0, line);
        break;
      case "swap": {
        const other = change.with % lines.length;
        lines[at] = lines[other] ?? "";
        lines[other] = line;
        break;
      }
      case "indent":
        lines[at] = change.by >= 0 ? `${" ".repeat(change.by)}${line}` : line.slice(-change.by);
        break;
      case "insert":
        lines.splice(at, 0, change.text);
        break;
      case "splice": {
        const column = change.column % (line.length + 1);
        lines[at] = line.slice(0, column) + change.text + line.slice(column);
        break;
      }
    }
  }
  return lines.join("\n");
}

describe("compiling arbitrary text", () => {
  it("never throws on random Unicode text and keeps every span inside the file", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), checkCompiles), {
      numRuns: 300,
    });
  });

  it("never throws on random lines of Urd syntax and keeps every span inside the file", () => {
    fc.assert(
      fc.property(
        fc.array(indentedLine, { maxLength: 60 }),
        fc.constantFrom("\n", "\r\n"),
        (lines, end) => checkCompiles(lines.join(end)),
      ),
      { numRuns: 400 },
    );
  });

  it("never throws on mutated fixtures and keeps every span inside the file", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fixtureNames),
        fc.array(mutation, { minLength: 1, maxLength: 8 }),
        (name, changes) => checkCompiles(mutate(readFixture(name), changes)),
      ),
      { numRuns: 300 },
    );
  });

  it("gives the same result for the same text", () => {
    fc.assert(
      fc.property(fc.array(indentedLine, { maxLength: 40 }), (lines) => {
        const source = lines.join("\n");
        expect(compile(source, { fileName })).toEqual(compile(source, { fileName }));
      }),
      { numRuns: 100 },
    );
  });

  it("never throws on random multi-file worlds", () => {
    const fileText = fc.array(
      fc.oneof(
        indentedLine,
        fc.constantFrom("import: ./a.urd.md", "import: ./b.urd.md", "import: ../x.urd.md"),
      ),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(fileText, fileText, fileText, (main, a, b) => {
        const files: Record<string, string> = {
          "a.urd.md": ["---", ...a, "---"].join("\n"),
          "b.urd.md": b.join("\n"),
        };
        const source = ["---", ...main, "---"].join("\n");
        const result = compile(source, {
          fileName: "main.urd.md",
          readFile: (path) => files[path],
        });
        for (const diagnostic of result.diagnostics) {
          const text =
            diagnostic.span.file === "main.urd.md" ? source : files[diagnostic.span.file];
          if (diagnostic.code === "URD203") continue;
          expect(text).toBeDefined();
          expect(spanProblem(diagnostic.span, diagnostic.span.file, text ?? "")).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });
});
