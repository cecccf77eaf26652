import { describe, expect, it } from "vitest";
import { compile, compileWithReader } from "../../src/compile.js";
import { lines } from "../helpers/fixtures.js";

function world(files: Record<string, string>, entry = "main.urd.md") {
  const requested: string[] = [];
  const result = compile(files[entry] ?? "", {
    fileName: entry,
    readFile: (path) => {
      requested.push(path);
      return files[path];
    },
  });
  return { result, requested };
}

const importing = (...paths: string[]) =>
  lines("---", ...paths.map((path) => `import: ${path}`), "---");

describe("import paths", () => {
  const messageFor = (path: string) =>
    world({ "main.urd.md": importing(path) }).result.diagnostics.map((d) => [d.code, d.message]);

  it("refuses empty, absolute, wrongly named and escaping paths", () => {
    expect(messageFor('""')).toEqual([["URD211", "Empty import path at main.urd.md:2."]]);
    expect(messageFor("/abs.urd.md")).toEqual([
      ["URD209", "Absolute import paths are not supported: '/abs.urd.md'."],
    ]);
    expect(messageFor("C:\\worlds\\x.urd.md")).toEqual([
      ["URD209", "Absolute import paths are not supported: 'C:/worlds/x.urd.md'."],
    ]);
    expect(messageFor("./notes.md")).toEqual([
      ["URD210", "Import path './notes.md' does not have the .urd.md extension."],
    ]);
    expect(messageFor("../outside.urd.md")).toEqual([
      ["URD208", "Import path '../outside.urd.md' resolves outside the project root."],
    ]);
    expect(messageFor("./main.urd.md")).toEqual([
      ["URD207", "File imports itself: './main.urd.md'."],
    ]);
  });

  it("reports a missing file with the importer and line", () => {
    expect(messageFor("./gone.urd.md")).toEqual([
      ["URD201", "Imported file not found: './gone.urd.md' (imported from main.urd.md:2)."],
    ]);
  });

  it("puts the error on the import entry's line span", () => {
    const { result } = world({ "main.urd.md": importing("./gone.urd.md") });
    expect(result.diagnostics[0]?.span).toEqual({
      file: "main.urd.md",
      start_line: 2,
      start_col: 1,
      end_line: 2,
      end_col: "import: ./gone.urd.md".length + 1,
    });
  });
});

describe("loading imported files", () => {
  it("resolves paths relative to the importing file's directory", () => {
    const { result, requested } = world({
      "main.urd.md": importing("./sub/a.urd.md"),
      "sub/a.urd.md": importing("./b.urd.md", "../c.urd.md"),
      "sub/b.urd.md": "",
      "c.urd.md": "",
    });
    expect(requested).toEqual(["sub/a.urd.md", "sub/b.urd.md", "c.urd.md"]);
    expect(result.diagnostics).toEqual([]);
  });

  it("reads a file imported twice only once", () => {
    const { requested } = world({
      "main.urd.md": importing("./a.urd.md", "./b.urd.md"),
      "a.urd.md": importing("./b.urd.md"),
      "b.urd.md": "",
    });
    expect(requested).toEqual(["a.urd.md", "b.urd.md"]);
  });

  it("reports a circular import with its chain", () => {
    const { result } = world({
      "main.urd.md": importing("./b.urd.md"),
      "b.urd.md": importing("./main.urd.md"),
    });
    expect(result.diagnostics.map((d) => [d.code, d.span.file, d.message])).toEqual([
      ["URD202", "b.urd.md", "Circular import detected: main.urd.md → b.urd.md → main.urd.md."],
    ]);
    expect(result.facts).toBeNull();
  });

  it("limits the import chain to 64 files", () => {
    const files: Record<string, string> = { "main.urd.md": importing("./f1.urd.md") };
    for (let index = 1; index <= 70; index += 1)
      files[`f${index}.urd.md`] = importing(`./f${index + 1}.urd.md`);
    files["f71.urd.md"] = "";
    const { result } = world(files);
    expect(result.diagnostics.map((d) => [d.code, d.span.file, d.message])).toEqual([
      ["URD204", "f63.urd.md", "Import depth limit exceeded (64 files in chain)."],
    ]);
  });

  it("limits a world to 256 files", () => {
    const paths = Array.from({ length: 260 }, (_, index) => `./m${index}.urd.md`);
    const files: Record<string, string> = { "main.urd.md": importing(...paths) };
    for (let index = 0; index < 260; index += 1) files[`m${index}.urd.md`] = "";
    const { result } = world(files);
    expect(result.diagnostics.map((d) => [d.code, d.span.start_line])).toEqual([
      ["URD205", 2 + 255],
      ["URD205", 2 + 256],
      ["URD205", 2 + 257],
      ["URD205", 2 + 258],
      ["URD205", 2 + 259],
    ]);
  });

  it("reports two files with the same stem at the synthetic span", () => {
    const { result } = world({
      "main.urd.md": importing("./a/world.urd.md", "./b/world.urd.md"),
      "a/world.urd.md": "",
      "b/world.urd.md": "",
    });
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        code: "URD203",
        message:
          "File stem collision: 'world' is produced by both a/world.urd.md and b/world.urd.md. Rename one file to avoid section ID conflicts.",
        span: { file: "", start_line: 0, start_col: 0, end_line: 0, end_col: 0 },
      },
    ]);
  });

  it("names an imported file's own diagnostics by its relative path", () => {
    const { result } = world({
      "main.urd.md": importing("./sub/a.urd.md"),
      "sub/a.urd.md": lines("# Room", "?bad"),
    });
    expect(result.diagnostics.map((d) => [d.code, d.span.file, d.span.start_line])).toEqual([
      ["URD112", "sub/a.urd.md", 2],
    ]);
  });

  it("reports read failures other than a missing file", () => {
    const outcomes = [
      { kind: "invalid-utf8" },
      { kind: "permission-denied" },
      { kind: "io-error", detail: "disk on fire" },
    ] as const;
    const messages = outcomes.map(
      (outcome) =>
        compileWithReader("main.urd.md", importing("./x.urd.md"), () => outcome).diagnostics[0]
          ?.message,
    );
    expect(messages).toEqual([
      "File contains invalid UTF-8: './x.urd.md'.",
      "Cannot read file './x.urd.md': permission denied.",
      "I/O error reading './x.urd.md': disk on fire.",
    ]);
  });

  it("gives each reason a readImport callback states its own diagnostic", () => {
    const outcomes = [
      { kind: "missing" },
      { kind: "outside-root" },
      { kind: "permission-denied" },
    ] as const;
    const diagnostics = outcomes.map((outcome) => {
      const result = compile(importing("./x.urd.md"), {
        fileName: "main.urd.md",
        readFile: () => "",
        readImport: () => outcome,
      });
      return result.diagnostics.map((d) => [d.code, d.message]);
    });
    expect(diagnostics).toEqual([
      [["URD201", "Imported file not found: './x.urd.md' (imported from main.urd.md:2)."]],
      [["URD208", "Import path './x.urd.md' resolves outside the project root."]],
      [["URD213", "Cannot read file './x.urd.md': permission denied."]],
    ]);
  });
});

describe("multi-file worlds", () => {
  const types = (name: string) => lines("---", "types:", `  ${name}:`, "    x: int", "---");

  it("processes files dependencies first, ties by path, the entry last", () => {
    const { result } = world({
      "main.urd.md": lines(
        "---",
        "import: ./z.urd.md",
        "import: ./a.urd.md",
        "types:",
        "  Main:",
        "    x: int",
        "---",
      ),
      "z.urd.md": types("Zed"),
      "a.urd.md": lines("---", "import: ./m.urd.md", "types:", "  Aye:", "    x: int", "---"),
      "m.urd.md": types("Em"),
    });
    expect(Object.keys(result.world?.types ?? {})).toEqual(["Em", "Aye", "Zed", "Main"]);
  });

  it("does not make imports transitive", () => {
    const { result } = world({
      "main.urd.md": lines("---", "import: ./a.urd.md", "---", "# Room", "[@deep]"),
      "a.urd.md": lines("---", "import: ./b.urd.md", "entities:", "  @shallow: Thing", "---"),
      "b.urd.md": lines(
        "---",
        "types:",
        "  Thing:",
        "    x: int",
        "entities:",
        "  @deep: Thing",
        "---",
      ),
    });
    expect(result.diagnostics.map((d) => [d.code, d.span.file, d.message])).toEqual([
      ["URD301", "main.urd.md", "Unresolved entity reference '@deep'."],
    ]);
  });

  it("reports a type declared only in a file the entity's file cannot see", () => {
    const { result } = world({
      "main.urd.md": lines("---", "import: ./a.urd.md", "import: ./b.urd.md", "---"),
      "a.urd.md": lines("---", "entities:", "  @thing: Hidden", "---"),
      "b.urd.md": lines("---", "types:", "  Hidden:", "    x: int", "---"),
    });
    expect(result.diagnostics.map((d) => [d.code, d.span.file, d.message])).toEqual([
      ["URD301", "a.urd.md", "Unresolved type reference 'Hidden'."],
    ]);
  });

  it("gives each file's sections its own stem", () => {
    const { result } = world({
      "main.urd.md": lines(
        "---",
        "import: ./side.urd.md",
        "---",
        "# Room",
        "== talk",
        "+ Hi",
        "  -> talk",
      ),
      "side.urd.md": lines("# Side", "== chat", "+ Yo", "  -> chat"),
    });
    expect(result.facts?.jumps.map((jump) => [jump.from_section, jump.target])).toEqual([
      ["side/chat", { kind: "section", id: "side/chat" }],
      ["main/talk", { kind: "section", id: "main/talk" }],
    ]);
  });
});
