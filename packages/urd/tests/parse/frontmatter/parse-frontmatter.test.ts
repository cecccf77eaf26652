import { describe, expect, it } from "vitest";
import { DiagnosticList } from "../../../src/diagnostics/diagnostic-list.js";
import { parseFile } from "../../../src/parse/parse-file.js";
import { lineSpanOf, lines, readFixture } from "../../helpers/fixtures.js";
import { parseText } from "../../helpers/parse.js";

describe("frontmatter delimiters", () => {
  it("reports an unclosed frontmatter block on line 1 and stops", () => {
    const diagnostics = new DiagnosticList();
    const source = readFixture("authored-unclosed-frontmatter.urd.md");
    expect(parseFile("u.urd.md", source, diagnostics)).toBeNull();
    expect(diagnostics.items).toEqual([
      {
        severity: "error",
        code: "URD101",
        message: "Unclosed frontmatter block. Expected closing '---'.",
        span: lineSpanOf("u.urd.md", source, 1),
      },
    ]);
  });

  it("treats a file without an opening delimiter as content only", () => {
    const { file } = parseText(lines("# Room", "A room."));
    expect(file.frontmatter.world).toBeNull();
    expect(file.content.map((node) => node.kind)).toEqual(["location", "prose"]);
  });

  it("accepts delimiters with trailing whitespace", () => {
    const { file, diagnostics } = parseText(
      lines("---  ", "world:", "  name: x", "--- ", "# Room"),
    );
    expect(diagnostics.items).toEqual([]);
    expect(file.frontmatter.world?.fields.get("name")?.value).toEqual({
      kind: "string",
      value: "x",
    });
  });
});

describe("top-level frontmatter lines", () => {
  const codesOf = (...text: string[]) =>
    parseText(lines("---", ...text, "---")).diagnostics.items.map((d) => d.code);

  it("rejects YAML anchors, aliases, merge keys, custom tags and block lists", () => {
    expect(codesOf("base: &anchor")).toEqual(["URD105"]);
    expect(codesOf("&anchor")).toEqual(["URD105"]);
    expect(codesOf("*alias")).toEqual(["URD106"]);
    expect(codesOf("<<: *base")).toEqual(["URD107"]);
    expect(codesOf("<<")).toEqual(["URD107"]);
    expect(codesOf("kind: !!str value")).toEqual(["URD108"]);
    expect(codesOf('kind: "!!quoted"')).toEqual(["URD108"]);
    expect(codesOf("- item")).toEqual(["URD109"]);
    expect(codesOf("-")).toEqual(["URD109"]);
  });

  it("lets through ampersands that are not anchors", () => {
    expect(codesOf("rule: a && b")).toEqual([]);
    expect(codesOf("title: Salt&Pepper")).toEqual([]);
    expect(codesOf("title: a & b")).toEqual([]);
  });

  it("reports lines without a key as unrecognised", () => {
    const { diagnostics } = parseText(lines("---", "just some words", ": value", "---"));
    expect(diagnostics.items.map((d) => d.message)).toEqual([
      "Unrecognised frontmatter syntax at line 2: 'just some words'.",
      "Unrecognised frontmatter syntax at line 3: ': value'.",
    ]);
  });

  it("reports nesting deeper than 8 levels", () => {
    const { diagnostics } = parseText(lines("---", `${" ".repeat(18)}deep: 1`, "---"));
    expect(diagnostics.items.map((d) => d.message)).toEqual([
      "Frontmatter nesting exceeds 8 levels at line 2.",
    ]);
  });

  it("skips comments and ignores other keys together with their nested lines", () => {
    const { diagnostics, file } = parseText(
      lines("---", "# a comment", "tags: [a, b]", "extra:", "  - nested block item", "  &x", "---"),
    );
    expect(diagnostics.items).toEqual([]);
    expect(file.frontmatter.types).toEqual([]);
  });

  it("collects import paths with quotes removed", () => {
    const { file } = parseText(lines("---", "import: ./a.urd.md", 'import: "b.urd.md"', "---"));
    expect(file.frontmatter.imports.map((entry) => [entry.path, entry.line])).toEqual([
      ["./a.urd.md", 2],
      ["b.urd.md", 3],
    ]);
  });
});

describe("the world block", () => {
  it("spans from the world line to the end of its last line, blank lines included (docs/urd.md §3.2)", () => {
    const garden = parseText(readFixture("locked-garden.urd.md")).file.frontmatter.world;
    expect(garden?.span).toMatchObject({ start_line: 2, start_col: 1, end_line: 5, end_col: 1 });
    const override = parseText(readFixture("negative-urd-override.urd.md")).file.frontmatter.world;
    expect(override?.span).toMatchObject({ start_line: 2, start_col: 1, end_line: 5, end_col: 14 });
  });

  it("reads each field as a scalar after stripping inline comments", () => {
    const { file } = parseText(
      lines(
        "---",
        "world:",
        "  name: The World # its name",
        '  version: "1.0"',
        "  seed: 7919",
        "---",
      ),
    );
    const fields = file.frontmatter.world?.fields;
    expect(fields?.get("name")?.value).toEqual({ kind: "string", value: "The World" });
    expect(fields?.get("version")?.value).toEqual({ kind: "string", value: "1.0" });
    expect(fields?.get("seed")?.value).toEqual({ kind: "integer", value: 7919 });
  });
});
