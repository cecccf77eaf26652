import { describe, expect, it } from "vitest";
import { lines, readFixture } from "../../helpers/fixtures.js";
import { parseText } from "../../helpers/parse.js";

describe("the types block", () => {
  it("gives each type a span from its header to the line before the next less-indented line", () => {
    const types = parseText(readFixture("locked-garden.urd.md")).file.frontmatter.types;
    expect(
      types.map((type) => [type.name, type.span.start_line, type.span.end_line, type.span.end_col]),
    ).toEqual([
      ["Character", 7, 10, 18],
      ["Item", 11, 13, 23],
      ["Lock", 14, 16, 1],
    ]);
  });

  it("reads traits, hidden properties, defaults and inline comments", () => {
    const types = parseText(readFixture("sunken-citadel.urd.md")).file.frontmatter.types;
    const guard = types.find((type) => type.name === "Guard");
    expect(guard?.traits).toEqual(["interactable", "mobile", "container"]);
    expect(guard?.properties.map((p) => [p.name, p.type.name, p.hidden, p.defaultValue])).toEqual([
      ["name", "string", false, null],
      ["alertness", "enum", false, { kind: "string", value: "alert" }],
      ["loyalty", "integer", false, { kind: "integer", value: 50 }],
      ["orders", "string", true, { kind: "string", value: "patrol" }],
      ["bribed", "boolean", false, { kind: "boolean", value: false }],
      ["carrying_torch", "boolean", false, { kind: "boolean", value: true }],
    ]);
    expect(types).toHaveLength(16);
  });

  it("reads every property type signature and its extras", () => {
    const { file, diagnostics } = parseText(
      lines(
        "---",
        "types:",
        "  All:",
        "    a: bool",
        "    b: boolean",
        "    c: int",
        "    d: integer(1, 9)",
        "    e: num(0.5, 2)",
        "    f: number",
        "    g: str",
        "    h: string",
        "    i: enum(x, y , z)",
        "    j: ref(All)",
        "    k: list",
        "    l: list(enum(p, q))",
        "    m: list(ref(All))",
        "    n: int(1, 2, 3)",
        "    o: float",
        "    p: list(int)",
        "---",
      ),
    );
    expect(diagnostics.items).toEqual([]);
    const summary = file.frontmatter.types[0]?.properties.map((property) => {
      const { name, min, max, values, refType, unrecognised } = property.type;
      return [property.name, name, min, max, values, refType, unrecognised];
    });
    expect(summary).toEqual([
      ["a", "boolean", null, null, null, null, null],
      ["b", "boolean", null, null, null, null, null],
      ["c", "integer", null, null, null, null, null],
      ["d", "integer", 1, 9, null, null, null],
      ["e", "number", 0.5, 2, null, null, null],
      ["f", "number", null, null, null, null, null],
      ["g", "string", null, null, null, null, null],
      ["h", "string", null, null, null, null, null],
      ["i", "enum", null, null, ["x", "y", "z"], null, null],
      ["j", "ref", null, null, null, "All", null],
      ["k", "list", null, null, null, null, null],
      ["l", "list", null, null, ["p", "q"], null, null],
      ["m", "list", null, null, null, "All", null],
      ["n", "integer", null, null, null, null, null],
      ["o", "string", null, null, null, null, "float"],
      ["p", "list", null, null, null, null, null],
    ]);
  });

  it("warns about header-like lines that do not parse and skips other stray lines", () => {
    const { diagnostics, file } = parseText(
      lines("---", "types:", "  Broken [trait:", "  lowercase:", "  Ok:", "    x: int", "---"),
    );
    expect(
      diagnostics.items.map((d) => [d.code, d.severity, d.span.start_line, d.message]),
    ).toEqual([
      [
        "URD430",
        "warning",
        3,
        "Line looks like a type definition but could not be parsed: 'Broken [trait:'.",
      ],
    ]);
    expect(file.frontmatter.types.map((type) => type.name)).toEqual(["Ok"]);
  });
});
