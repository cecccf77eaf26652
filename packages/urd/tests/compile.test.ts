import { describe, expect, it } from "vitest";
import { compile, compileSource } from "../src/index.js";
import { brief, compileFixture, contentSpanOf, readFixture } from "./helpers/fixtures.js";

type Brief = [string, "error" | "warning" | "info", number];

/** Expected diagnostics per fixture, in sorted order, worked out from the rules of docs/urd.md. */
const expectedDiagnostics: Record<string, Brief[]> = {
  "locked-garden.urd.md": [
    ["URD603", "warning", 48],
    ["URD433", "warning", 68],
  ],
  "two-room-key-puzzle.urd.md": [],
  "tavern-scene.urd.md": [["URD602", "warning", 24]],
  "monty-hall.urd.md": [["URD601", "warning", 39]],
  "type-aliases.urd.md": [],
  "positive-factset-diagnostics.urd.md": [
    ["URD603", "warning", 26],
    ["URD602", "warning", 27],
    ["URD601", "warning", 30],
    ["URD604", "warning", 30],
    ["URD604", "warning", 42],
    ["URD605", "warning", 50],
  ],
  "positive-factset-circular-deep.urd.md": [
    ["URD433", "warning", 18],
    ["URD605", "warning", 22],
  ],
  "negative-factset-diagnostics.urd.md": [],
  "negative-missing-fallthrough.urd.md": [["URD433", "warning", 8]],
  "negative-missing-import.urd.md": [["URD201", "error", 5]],
  "negative-nesting-depth.urd.md": [
    ["URD433", "warning", 11],
    ["URD410", "warning", 18],
    ["URD410", "error", 19],
  ],
  "negative-orphaned-choice.urd.md": [
    ["URD432", "warning", 17],
    ["URD401", "error", 18],
    ["URD601", "warning", 18],
  ],
  "negative-shadowed-exit.urd.md": [["URD434", "warning", 10]],
  "negative-type-mismatch.urd.md": [
    ["URD433", "warning", 15],
    ["URD401", "error", 18],
    ["URD602", "warning", 18],
  ],
  "negative-unreachable-location.urd.md": [["URD430", "warning", 10]],
  "negative-unresolved-entity.urd.md": [["URD301", "error", 8]],
  "negative-urd-override.urd.md": [["URD411", "warning", 2]],
  "interrogation/main.urd.md": [["URD601", "warning", 23]],
  "authored-unclosed-frontmatter.urd.md": [["URD101", "error", 1]],
  "authored-parse-errors.urd.md": [
    ["URD109", "error", 6],
    ["URD105", "error", 7],
    ["URD107", "error", 8],
    ["URD108", "error", 9],
    ["URD111", "error", 10],
    ["URD112", "error", 14],
    ["URD112", "error", 15],
    ["URD112", "error", 16],
    ["URD112", "error", 17],
    ["URD112", "error", 18],
    ["URD102", "error", 19],
    ["URD112", "error", 20],
  ],
  "authored-link-errors.urd.md": [
    ["URD404", "error", 2],
    ["URD303", "error", 8],
    ["URD308", "error", 11],
    ["URD302", "error", 12],
    ["URD307", "error", 13],
    ["URD314", "error", 15],
    ["URD301", "error", 19],
    ["URD312", "error", 22],
    ["URD308", "error", 29],
    ["URD602", "warning", 30],
    ["URD309", "error", 31],
    ["URD306", "error", 33],
    ["URD311", "error", 34],
    ["URD309", "error", 37],
    ["URD310", "warning", 38],
    ["URD305", "error", 40],
    ["URD304", "error", 42],
    ["URD434", "warning", 44],
    ["URD313", "error", 48],
    ["URD431", "warning", 53],
  ],
  "authored-validate-errors.urd.md": [
    ["URD405", "error", 2],
    ["URD413", "error", 7],
    ["URD418", "error", 7],
    ["URD416", "error", 7],
    ["URD415", "error", 7],
    ["URD413", "error", 7],
    ["URD429", "warning", 7],
    ["URD418", "error", 22],
    ["URD402", "error", 22],
    ["URD412", "error", 23],
    ["URD412", "error", 23],
    ["URD419", "error", 24],
    ["URD433", "warning", 31],
    ["URD420", "error", 34],
    ["URD301", "error", 35],
    ["URD422", "error", 36],
    ["URD424", "error", 37],
    ["URD602", "warning", 37],
    ["URD418", "error", 38],
    ["URD425", "error", 39],
    ["URD422", "error", 40],
    ["URD426", "warning", 41],
    ["URD401", "error", 44],
    ["URD401", "error", 45],
    ["URD603", "warning", 45],
    ["URD428", "error", 47],
  ],
  "authored-dialogue-features.urd.md": [["URD605", "warning", 63]],
  "authored-rule-body-spans.urd.md": [
    ["URD603", "warning", 21],
    ["URD605", "warning", 21],
    ["URD605", "warning", 22],
    ["URD426", "warning", 23],
  ],
  "authored-exit-outside-location.urd.md": [["URD314", "error", 11]],
  "authored-player-entity.urd.md": [],
  "diff/diff-a-impossible-choice.urd.md": [
    ["URD433", "warning", 20],
    ["URD601", "warning", 25],
  ],
  "diff/diff-b-impossible-choice.urd.md": [
    ["URD433", "warning", 20],
    ["URD432", "warning", 24],
    ["URD401", "error", 25],
    ["URD601", "warning", 25],
  ],
  "diff/diff-a-locked-garden.urd.md": [
    ["URD601", "warning", 48],
    ["URD433", "warning", 60],
  ],
  "diff/diff-b-locked-garden.urd.md": [["URD433", "warning", 58]],
  "diff/diff-a-minimal.urd.md": [],
  "diff/diff-b-minimal.urd.md": [],
  "diff/diff-a-reachability.urd.md": [
    ["URD301", "error", 21],
    ["URD301", "error", 33],
  ],
  "diff/diff-b-reachability.urd.md": [
    ["URD301", "error", 18],
    ["URD430", "warning", 20],
    ["URD301", "error", 30],
  ],
};

/** Fixtures whose PARSE or IMPORT phase reports an error: no FactSet at all. */
const stoppedBeforeLink = new Set([
  "negative-missing-import.urd.md",
  "authored-unclosed-frontmatter.urd.md",
  "authored-parse-errors.urd.md",
]);

describe("compiling every fixture", () => {
  for (const [fixture, expected] of Object.entries(expectedDiagnostics)) {
    it(`reports the expected diagnostics for ${fixture}`, () => {
      const result = compileFixture(fixture);
      expect(brief(result.diagnostics)).toEqual(expected);
    });

    it(`produces facts, index and world as its errors allow for ${fixture}`, () => {
      const result = compileFixture(fixture);
      const hasErrors = expected.some(([, severity]) => severity === "error");
      expect(result.success).toBe(!hasErrors);
      expect(result.world === null).toBe(hasErrors);
      expect(result.facts === null).toBe(stoppedBeforeLink.has(fixture));
      expect(result.propertyIndex === null).toBe(stoppedBeforeLink.has(fixture));
    });
  }
});

describe("sunken-citadel, the stress world", () => {
  const result = compileFixture("sunken-citadel.urd.md");

  it("compiles without errors", () => {
    expect(result.success).toBe(true);
    expect(result.diagnostics.every((d) => d.severity === "warning")).toBe(true);
  });

  it("has the structure the fixture README states", () => {
    expect(result.facts?.exits).toHaveLength(22);
    expect(result.facts?.jumps).toHaveLength(86);
    expect(result.facts?.rules).toHaveLength(3);
    expect(Object.keys(result.world?.locations ?? {})).toHaveLength(12);
    expect(Object.keys(result.world?.dialogue ?? {})).toHaveLength(16);
  });

  it("reports the FactSet warnings the analysis rules give", () => {
    const byCode = (code: string) =>
      result.diagnostics
        .filter((d) => d.code === code)
        .map((d) => d.message.match(/'([A-Za-z]+\.[a-z_]+)'/)?.[1]);
    expect(byCode("URD601")).toEqual(["Guard.carrying_torch", "Weapon.container"]);
    expect(byCode("URD602")).toEqual([
      "Villager.secret",
      "Villager.dialogue_count",
      "Villager.mood",
      "Scholar.knowledge",
      "Scholar.health",
      "Scholar.alive",
      "Merchant.mood",
      "Key.used",
      "Spirit.bound",
      "Mechanism.charge",
      "Weapon.durability",
      "Treasure.value",
    ]);
    expect(byCode("URD603")).toEqual([
      "Scholar.mood",
      "Scholar.mood",
      "Spirit.form",
      "Spirit.form",
      "Spirit.form",
      "Spirit.form",
    ]);
    expect(byCode("URD604")).toEqual([]);
    expect(byCode("URD605")).toEqual([
      "Evidence.examined",
      "StorageChest.locked",
      "Merchant.discount_given",
      "Guard.bribed",
      "Door.locked",
      "Inscription.deciphered",
      "Mechanism.state",
      "Treasure.cursed",
    ]);
  });
});

describe("the Locked Garden diagnostics", () => {
  it("are the two warnings, URD603 and URD433, exactly", () => {
    const result = compileFixture("locked-garden.urd.md");
    expect(result.diagnostics).toEqual([
      {
        severity: "warning",
        code: "URD603",
        message:
          "Effect sets 'Character.mood' to 'friendly' but no condition anywhere tests for this variant. The write may have no observable effect.",
        span: {
          file: "locked-garden.urd.md",
          start_line: 48,
          start_col: 3,
          end_line: 48,
          end_col: 28,
        },
      },
      {
        severity: "warning",
        code: "URD433",
        message:
          "Section 'explore' in file 'locked-garden.urd.md' has only one-shot choices and no terminal jump or fallthrough text. It will exhaust to an empty state.",
        span: {
          file: "locked-garden.urd.md",
          start_line: 68,
          start_col: 1,
          end_line: 68,
          end_col: 11,
        },
      },
    ]);
  });
});

describe("entry points", () => {
  it("names spans and ids after the entry file's base name", () => {
    const source = readFixture("locked-garden.urd.md");
    const result = compileSource("worlds/locked-garden.urd.md", source);
    expect(result.diagnostics[0]?.span.file).toBe("locked-garden.urd.md");
    expect(result.facts?.jumps[0]?.from_section).toBe("locked-garden/greet");
  });

  it("gives compile and compileSource the same result", () => {
    const source = readFixture("tavern-scene.urd.md");
    expect(compile(source, { fileName: "tavern-scene.urd.md" })).toEqual(
      compileSource("tavern-scene.urd.md", source),
    );
  });

  it("treats every import as missing when no reader is given", () => {
    const source = readFixture("interrogation/main.urd.md");
    const result = compileSource("main.urd.md", source);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "Imported file not found: './world.urd.md' (imported from main.urd.md:5).",
    ]);
    expect(result.facts).toBeNull();
  });

  it("reads imports through the callback by their path relative to the entry", () => {
    const requested: string[] = [];
    const result = compileSource(
      "main.urd.md",
      readFixture("interrogation/main.urd.md"),
      (path) => {
        requested.push(path);
        return readFixture(`interrogation/${path}`);
      },
    );
    expect(requested).toEqual(["world.urd.md"]);
    expect(result.success).toBe(true);
    expect(Object.keys(result.world?.entities ?? {})).toEqual(["suspect", "detective", "evidence"]);
  });

  it("refuses a file over the size limit with URD103 and stops", () => {
    const source = `# Room\n${"x".repeat(1_048_576)}`;
    const result = compileSource("big.urd.md", source);
    expect(result.diagnostics).toEqual([
      {
        severity: "error",
        code: "URD103",
        message: `File exceeds 1 MB size limit: big.urd.md is ${source.length} bytes.`,
        span: { file: "big.urd.md", start_line: 1, start_col: 1, end_line: 1, end_col: 1 },
      },
    ]);
    expect(result.facts).toBeNull();
  });

  it("lets a caller raise the size limit", () => {
    const source = `# Room\n${"x".repeat(2_000_000)}`;
    const result = compile(source, { fileName: "big.urd.md", maxSourceBytes: 4_000_000 });
    expect(result.success).toBe(true);
  });

  it("removes a leading byte-order mark before reading the frontmatter", () => {
    const source = "\uFEFF---\nworld:\n  name: bom\n  start: room\n---\n# Room\n";
    const result = compileSource("bom.urd.md", source);
    expect(result.diagnostics).toEqual([]);
    expect(result.world?.world).toEqual({ name: "bom", urd: "1", start: "room" });
  });

  it("reports spans in byte columns for lines with multi-byte characters", () => {
    const source = readFixture("negative-nesting-depth.urd.md");
    const result = compileSource("negative-nesting-depth.urd.md", source);
    const depthError = result.diagnostics.find((d) => d.severity === "error");
    expect(depthError?.span).toEqual(contentSpanOf("negative-nesting-depth.urd.md", source, 19));
    expect(depthError?.span.end_col).toBe(46);
  });
});
